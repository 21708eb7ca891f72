package act

import "lastpost/ecs"

// Build fills the (empty) action for action type t from the current state.
// It hands each kind to the builder in that kind's file; Say builds
// nothing, since its commit is the point.
func Build(env *Env, t *Act, a *ecs.Action) {
	// A Move, most actions of a cascade, is told first, before the
	// search for the other kinds.
	if t.Kind == KindMove {
		buildMove(env, t, a)
		return
	}
	switch t.Kind {
	case KindWait:
		buildWait(env, t, a)
	case KindAccelerate, KindDecelerate:
		buildSpeed(env, t, a)
	case KindSteer:
		buildSteer(env, t, a)
	case KindPhysics:
		buildPhysics(a)
	case KindLane:
		buildLane(env, t, a)
	case KindDrive:
		buildDrive(env, t, a)
	case KindWalk:
		buildWalk(env, t, a)
	case KindStop:
		buildStop(env, t, a)
	case KindDestroy:
		buildDestroy(env, t, a)
	case KindDamage:
		buildDamage(env, t, a)
	case KindHit:
		buildHit(env, t, a)
	case KindDie:
		buildDie(env, t, a)
	case KindExplode:
		buildExplode(env, t, a)
	case KindFire:
		buildFire(env, t, a)
	case KindTakeLetter:
		buildTakeLetter(env, t, a)
	case KindAcid:
		buildAcid(env, t, a)
	case KindArrive:
		buildArrive(t, a)
	case KindUseKit:
		buildUseKit(env, t, a)
	case KindNotice:
		buildNotice(t, a)
	case KindOutfit:
		buildOutfit(env, t, a)
	case KindSpawn:
		buildSpawn(env, t, a)
	case KindPopulate:
		buildPopulate(env, a)
	case KindPlaceVan:
		buildPlaceVan(env, t, a)
	case KindReachCamp:
		buildReachCamp(env, t, a)
	case KindPay:
		buildPay(env, t, a)
	case KindHeal:
		buildHeal(env, t, a)
	case KindRestock:
		buildRestock(env, a)
	case KindBuy:
		buildBuy(env, t, a)
	case KindMount:
		buildMount(env, t, a)
	case KindUnmount:
		buildUnmount(env, t, a)
	case KindDiscard:
		buildDiscard(env, t, a)
	case KindDepart:
		buildDepart(env, t, a)
	case KindGiveUp:
		buildGiveUp(t, a)
	case KindStrand:
		buildStrand(env, t, a)
	case KindRetire:
		buildRetire(t, a)
	case KindLastStep:
		buildLastStep(env, t, a)
	case KindScatter:
		buildScatter(env, t, a)
	}
}

// BuildMove is Build for a Move, t of kind KindMove, without the search
// for its kind: a caller that tells Moves apart itself (the game's
// engine, for which they are most actions of a cascade) builds them for
// one call fewer.
func BuildMove(env *Env, t *Act, a *ecs.Action) { buildMove(env, t, a) }

// Commit does what committing action type t means beyond its change set,
// once the change set is in the world: the kinds that keep a tally, write
// the log or change the turn schedule say so in their files.
//
// A Move means nothing beyond its change set: Commit, small enough to
// inline into its caller, passes it by with one test.
func Commit(env *Env, l Ledger, t *Act) {
	if t.Kind != KindMove {
		commit(env, l, t)
	}
}

// commitsNothing has the bit 1<<k set for each kind k whose commit means
// nothing beyond its change set: the kinds commit has no case for. A kind
// added later is left out, and so committed as any other, until it is put
// here.
const commitsNothing uint64 = 1<<KindWait | 1<<KindAccelerate | 1<<KindDecelerate |
	1<<KindSteer | 1<<KindPhysics | 1<<KindLane | 1<<KindDrive | 1<<KindMove |
	1<<KindWalk | 1<<KindStop | 1<<KindDamage | 1<<KindHit | 1<<KindFire |
	1<<KindTakeLetter | 1<<KindAcid | 1<<KindArrive | 1<<KindUseKit |
	1<<KindNotice | 1<<KindOutfit | 1<<KindPlaceVan | 1<<KindHeal |
	1<<KindRestock | 1<<KindMount | 1<<KindUnmount | 1<<KindDiscard |
	1<<KindScatter

// The kinds fit commitsNothing's bits.
const _ = uint64(1) << (64 - kindCount)

// CommitsNothing reports whether committing an action of kind k means
// nothing beyond its change set: Commit does nothing for it, so a caller
// that can tell may leave the call out (the game's engine commits such an
// action without its commit hook). One test of a constant's bit, cheaper
// than the call it saves.
func (k Kind) CommitsNothing() bool { return k < kindCount && commitsNothing>>(k&63)&1 != 0 }

// commit is Commit for the kinds other than Move.
func commit(env *Env, l Ledger, t *Act) {
	switch t.Kind {
	case KindSay:
		commitSay(l, t)
	case KindDie:
		commitDie(env, l, t)
	case KindDestroy, KindLastStep:
		commitDestroy(l, t)
	case KindExplode:
		commitExplode(l)
	case KindSpawn:
		commitSpawn(env, l)
	case KindPopulate:
		commitPopulate(env, l)
	case KindReachCamp:
		commitReachCamp(env, l)
	case KindPay:
		commitPay(env, l, t)
	case KindBuy:
		commitBuy(l)
	case KindDepart:
		commitDepart(l)
	case KindGiveUp:
		commitGiveUp(l)
	case KindStrand:
		commitStrand(l)
	case KindRetire:
		commitRetire(l)
	}
}
