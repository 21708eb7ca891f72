// Package vocab is the vocabulary of Last Post: the components every entity
// is made of, on the road and at the camp, and the log lines actions write.
// The action kinds (rules/act), the rule book (rules/book) and the turn loop
// (game) all speak it.
package vocab

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// Stat is a current value with its maximum (hit points, engine, tyres).
type Stat struct {
	Cur int `json:"cur"`
	Max int `json:"max"`
}

// Full reports whether the stat is at its maximum.
func (s Stat) Full() bool { return s.Cur >= s.Max }

// Course is the value of a Velocity: it moves an entity one cell at a time
// along a line, in real time inside a turn. The next move is due at instant
// Next (milliseconds of the resolution), then every MsPerCell (longer for a
// diagonal step), until Moves run out.
type Course struct {
	Line      geom.Line `json:"line"`
	MsPerCell int       `json:"ms"`
	Moves     int       `json:"moves"`
	Next      int       `json:"next"`
	// Split is, for a shard of a blast (see Shards), the moves left at
	// which its fragments part: the step that brings Moves down to Split
	// ends this leg of its course, as the step that brings them to zero
	// ends any course. Zero for everything else.
	Split int `json:"split,omitempty"`
}

// Ends reports whether the course's moves have run down to the end of its
// leg: to zero, or to a shard's Split. It takes a pointer: inlined with a
// value receiver, every step would copy the whole course aside to read
// two of its fields.
func (c *Course) Ends() bool { return c.Moves <= c.Split }

// Shards is the value of a Shard: a blast's fragments whose paths agree so
// far fly as one entity, one step an instant, and part where their paths
// do (act.Blast lays the pattern out).
type Shards struct {
	// Node is the shard's place in its blast's pattern: where its
	// fragments part, or where they burn out.
	Node int `json:"node"`
	// N is how many fragments fly in it; each strikes what it meets,
	// dealing Damage (the data's damage per fragment: a shard carries it
	// here rather than in a Damage of its own, one component fewer to
	// spawn and remove by the hundred in a cascade).
	N      int `json:"n"`
	Damage int `json:"damage"`
	// Why is the chain of causes the fragments carry, kept here rather
	// than in a Why of the shard's own for the same reason as Damage.
	Why Chain `json:"why"`
}

// Slots holds the gun id mounted on each side, indexed by Slot.
type Slots [4]string

// Slot returns the index of direction d in Slots (North 0, East 1, South 2,
// West 3), or -1 for None.
func Slot(d geom.Dir) int {
	if d == geom.None {
		return -1
	}
	return int(d) - 1
}

// Gun returns the gun mounted facing d ("" if none).
func (s Slots) Gun(d geom.Dir) string {
	if i := Slot(d); i >= 0 {
		return s[i]
	}
	return ""
}

// Message is a log line to be written: a text id from assets and the values
// its placeholders take.
type Message struct {
	ID  assets.TextID `json:"id"`
	Who string        `json:"who,omitempty"`
	// Victim names who suffered, where the text names two parties.
	Victim string `json:"victim,omitempty"`
	N      int    `json:"n,omitempty"`
	// Of is the entity the line is about (the target of a hit, the dead of
	// a kill), so the log folds the hits of one target and not of every
	// target of the same name, and knows which one died.
	Of ecs.Entity `json:"of,omitempty"`
}

// Lines holds the few log lines one action writes, in order, in a fixed
// array so carrying them allocates nothing.
type Lines struct {
	N int
	M [4]Message
	// Why is the chain of causes behind the lines.
	Why Chain
}

// Add appends a line; lines past the fourth are dropped.
func (l *Lines) Add(m Message) {
	if l.N < len(l.M) {
		l.M[l.N] = m
		l.N++
	}
}

// All returns the lines.
func (l *Lines) All() []Message { return l.M[:l.N] }

// Component ids, dense from zero.
const (
	idPosition ecs.ID = iota
	idKind
	idHP
	idEngine
	idTyres
	idArmour
	idSpeed
	idTopSpeed
	idSteering
	idVelocity
	idDamage
	idShooter
	idTarget
	idGuns
	idLetters
	idGun
	idPlayer
	idEnemy
	idSolid
	idHittable
	idProjectile
	idExplosive
	idRunOverable
	idVehicle
	idLetter
	idDead
	idArrived
	idDecal
	idMoney
	idItem
	idOffer
	idRank
	idAtCamp
	idRetired
	idStranded
	idDestroyedBy
	idWhy
	idStruck
	idShard
	idPropPhysics
	idPropMessage
	idPropCause
	idPropCommand
	idPropGround
	idPropLastStep
	componentCount
)

// The data components.
var (
	// Position places an entity on the road grid.
	Position = ecs.DataOf[geom.Point](idPosition)
	// KindOf says what the entity is.
	KindOf = ecs.DataOf[Kind](idKind)
	// HP is hit points; at zero the holder dies.
	HP = ecs.DataOf[Stat](idHP)
	// Engine is the van's engine health; it sets the top speed.
	Engine = ecs.DataOf[Stat](idEngine)
	// Tyres is the van's tyre count; it sets the chance a lane change works.
	Tyres = ecs.DataOf[Stat](idTyres)
	// Armour absorbs hits before they reach engine, tyres or hit points.
	Armour = ecs.DataOf[int](idArmour)
	// Speed is how many cells east a vehicle drives each round.
	Speed = ecs.DataOf[int](idSpeed)
	// TopSpeed is the highest speed the vehicle can reach now.
	TopSpeed = ecs.DataOf[int](idTopSpeed)
	// Steering is a lane change waiting for the next physics step.
	Steering = ecs.DataOf[geom.Dir](idSteering)
	// Velocity makes something move inside a turn: bullets, fragments and
	// vehicles driving east. The velocity process steps it.
	Velocity = ecs.DataOf[Course](idVelocity)
	// Shard marks a blast's fragments, which fly as one, and says how many.
	// It is what makes a projectile a fragment: fragments pass through
	// wrecks and destroy letters, and spend themselves where their range
	// runs out.
	Shard = ecs.DataOf[Shards](idShard)
	// Damage is what a bullet does to what it hits (a shard of a blast
	// carries its fragments' damage in its Shard).
	Damage = ecs.DataOf[int](idDamage)
	// Shooter is who fired a bullet; a bullet never hurts its shooter.
	Shooter = ecs.DataOf[ecs.Entity](idShooter)
	// Target is where an enemy last saw the van.
	Target = ecs.DataOf[geom.Point](idTarget)
	// Guns are the guns mounted on a vehicle's four sides.
	Guns = ecs.DataOf[Slots](idGuns)
	// Letters counts the letters the van carries on this delivery.
	Letters = ecs.DataOf[int](idLetters)
	// Gun names the gun that fired a bullet, for its look.
	Gun = ecs.DataOf[string](idGun)
	// Money is the cash the van carries from camp to camp.
	Money = ecs.DataOf[int](idMoney)
	// Item makes an entity a thing the van carries in its inventory: the id
	// of a gun or a consumable.
	Item = ecs.DataOf[string](idItem)
	// Offer makes an entity a camp shop's offer: the offer's id.
	Offer = ecs.DataOf[string](idOffer)
	// Rank orders carried items and shop offers as they are listed: lower
	// first. A new item gets a rank above every other, so the inventory
	// keeps the order things were put in.
	Rank = ecs.DataOf[int](idRank)
	// DestroyedBy is the kind of what dealt the van its last point of hull:
	// an enemy, a fragment of a blast, a stray bullet.
	DestroyedBy = ecs.DataOf[Kind](idDestroyedBy)
	// Why is the chain of causes a bullet carries (a shard's fragments
	// carry theirs in its Shard), its last step under way, so what it
	// hits can tell what set it going.
	Why = ecs.DataOf[Chain](idWhy)
	// Struck marks a barrel a projectile has struck, with the chain of
	// causes that struck it: it goes off next. The projectiles that strike
	// it after, at the same instant, find it marked and are spent on it
	// without asking for a second explosion.
	Struck = ecs.DataOf[Chain](idStruck)
)

// The flag components.
var (
	// Player marks the van.
	Player = ecs.FlagOf(idPlayer)
	// Enemy marks zombies, cars and bikes.
	Enemy = ecs.FlagOf(idEnemy)
	// Solid blocks movement (wrecks, barrels).
	Solid = ecs.FlagOf(idSolid)
	// Hittable stops projectiles and takes their damage.
	Hittable = ecs.FlagOf(idHittable)
	// Projectile marks bullets. A shard of a blast's fragments is a
	// projectile too, but its Shard says so (IsProjectile): one component
	// fewer on each of the hundreds a cascade spawns and removes.
	Projectile = ecs.FlagOf(idProjectile)
	// Explosive marks barrels.
	Explosive = ecs.FlagOf(idExplosive)
	// RunOverable marks what a vehicle kills by driving into it (zombies).
	RunOverable = ecs.FlagOf(idRunOverable)
	// Vehicle marks the van, cars and bikes.
	Vehicle = ecs.FlagOf(idVehicle)
	// Letter marks a letter lying on the road.
	Letter = ecs.FlagOf(idLetter)
	// Dead marks the van once it is destroyed.
	Dead = ecs.FlagOf(idDead)
	// Arrived marks the van once it reaches the goal column.
	Arrived = ecs.FlagOf(idArrived)
	// Decal marks harmless marks on the road (bloodstains).
	Decal = ecs.FlagOf(idDecal)
	// AtCamp marks the van while it stands at a survivor camp, between
	// deliveries.
	AtCamp = ecs.FlagOf(idAtCamp)
	// Retired marks the van once its driver gives the run up.
	Retired = ecs.FlagOf(idRetired)
	// Stranded marks the van once its engine is dead with no kit to mend
	// it: it can never move again.
	Stranded = ecs.FlagOf(idStranded)
)

// The action properties.
var (
	// Physics marks the round's physics step.
	Physics = ecs.PropOf[bool](idPropPhysics)
	// Says carries the log line an action writes when committed.
	Says = ecs.PropOf[Lines](idPropMessage)
	// Cause names who dealt the damage an action does (a bullet's shooter,
	// not the bullet), so a death can be told and counted.
	Cause = ecs.PropOf[ecs.Entity](idPropCause)
	// Command marks an action that is the driver's own command (an order
	// given at the wheel or at the camp), so the rules that refuse
	// commands are consulted for those actions alone.
	Command = ecs.PropOf[bool](idPropCommand)
	// Ground marks an action that moves something that is not a
	// projectile (the van, a car, a bike, a zombie), so the rules about
	// what drives and walks are consulted for those moves alone and never
	// for the steps of a cascade's hundreds of fragments.
	Ground = ecs.PropOf[bool](idPropGround)
	// LastStep is the step a fragment takes as its range runs out. The
	// same action removes the fragment, so its position is not what tells
	// the rules about the move: this does.
	LastStep = ecs.PropOf[Hop](idPropLastStep)
)

// Hop is one entity's step to a cell.
type Hop struct {
	E  ecs.Entity
	To geom.Point
}

func hashPoint(h uint64, p geom.Point) uint64 { return ecs.MixPair(h, p.X, p.Y) }

func hashStat(h uint64, s Stat) uint64 { return ecs.MixPair(h, s.Cur, s.Max) }

func hashVelocity(h uint64, v Course) uint64 {
	h = ecs.MixInt(ecs.MixInt(ecs.MixInt(h, v.Line.DX), v.Line.DY), v.Line.Acc)
	return ecs.MixInt(ecs.MixInt(ecs.MixInt(ecs.MixInt(h, v.MsPerCell), v.Moves), v.Next), v.Split)
}

func hashShard(h uint64, s Shards) uint64 {
	return s.Why.Hash(ecs.MixInt(ecs.MixInt(ecs.MixInt(h, s.Node), s.N), s.Damage))
}

func hashSlots(h uint64, s Slots) uint64 {
	for _, g := range s {
		h = ecs.MixString(h, g)
	}
	return h
}

// IsProjectile reports whether e flies as a projectile in the world as it
// is: a bullet, or a shard of a blast's fragments. The shard is asked
// first: a cascade moves hundreds of them for every bullet.
func IsProjectile(w *ecs.World, e ecs.Entity) bool {
	return Shard.In(w, e) || Projectile.In(w, e)
}

// ProjectileCount returns how many projectiles the world holds, bullets and
// shards.
func ProjectileCount(w *ecs.World) int {
	return w.Count(Projectile.ID()) + w.Count(Shard.ID())
}

// Schema lists every component, in the order of their ids. The spatial index counts Solid, Hittable,
// Enemy, Vehicle, Player, Projectile, Shard and RunOverable per cell and lists letters, hittable
// things and explosives by cell.
func Schema() *ecs.Schema {
	return ecs.MustSchema(
		ecs.DataSpec(Position, "position", hashPoint),
		ecs.IntSpec(KindOf, "kind"),
		ecs.DataSpec(HP, "hp", hashStat),
		ecs.DataSpec(Engine, "engine", hashStat),
		ecs.DataSpec(Tyres, "tyres", hashStat),
		ecs.IntSpec(Armour, "armour"),
		ecs.IntSpec(Speed, "speed"),
		ecs.IntSpec(TopSpeed, "top_speed"),
		ecs.IntSpec(Steering, "steering"),
		ecs.DataSpec(Velocity, "velocity", hashVelocity),
		ecs.IntSpec(Damage, "damage"),
		ecs.IntSpec(Shooter, "shooter"),
		ecs.DataSpec(Target, "target", hashPoint),
		ecs.DataSpec(Guns, "guns", hashSlots),
		ecs.IntSpec(Letters, "letters"),
		ecs.DataSpec(Gun, "gun", ecs.HashString[string]),
		ecs.FlagSpec(Player, "player"),
		ecs.FlagSpec(Enemy, "enemy"),
		ecs.FlagSpec(Solid, "solid"),
		ecs.FlagSpec(Hittable, "hittable"),
		ecs.FlagSpec(Projectile, "projectile"),
		ecs.FlagSpec(Explosive, "explosive"),
		ecs.FlagSpec(RunOverable, "run_overable"),
		ecs.FlagSpec(Vehicle, "vehicle"),
		ecs.FlagSpec(Letter, "letter"),
		ecs.FlagSpec(Dead, "dead"),
		ecs.FlagSpec(Arrived, "arrived"),
		ecs.FlagSpec(Decal, "decal"),
		ecs.IntSpec(Money, "money"),
		ecs.DataSpec(Item, "item", ecs.HashString[string]),
		ecs.DataSpec(Offer, "offer", ecs.HashString[string]),
		ecs.IntSpec(Rank, "rank"),
		ecs.FlagSpec(AtCamp, "at_camp"),
		ecs.FlagSpec(Retired, "retired"),
		ecs.FlagSpec(Stranded, "stranded"),
		ecs.IntSpec(DestroyedBy, "destroyed_by"),
		ecs.DataSpec(Why, "why", hashChain),
		ecs.DataSpec(Struck, "struck", hashChain),
		ecs.DataSpec(Shard, "shard", hashShard),
		ecs.PropSpec(Physics, "physics"),
		ecs.PropSpec(Says, "says"),
		ecs.PropSpec(Cause, "cause"),
		ecs.PropSpec(Command, "command"),
		ecs.PropSpec(Ground, "ground"),
		ecs.PropSpec(LastStep, "last_step"),
	)
}

// SpatialSpec is the spatial index the game keeps over a w x h road.
func SpatialSpec(w, h int) ecs.SpatialSpec {
	return ecs.SpatialSpec{
		W: w, H: h, Pos: Position,
		Counts: []ecs.ID{idSolid, idHittable, idEnemy, idVehicle, idPlayer, idProjectile, idShard, idRunOverable},
		Sets:   []ecs.ID{idLetter, idHittable, idEnemy},
	}
}
