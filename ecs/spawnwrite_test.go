package ecs

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// TestWritersAgreeWithSetAndAdd drives the same random actions through two
// worlds, one writing through DataWriter and FlagWriter, the other through
// Data.Set and Flag.Add. Most writes go to a crowd the action has just
// spawned, in rising order (the writers' short way); some go to older
// entities, again to an entity already written, to one whose component
// the action removed, or to a first write of a component (all put's). The
// actions' touched lists and pending entries, then the worlds' hashes and
// every store's order, must agree.
func TestWritersAgreeWithSetAndAdd(t *testing.T) {
	// try counts the writes TrySet and TryAdd took; when they refuse one,
	// the general write follows.
	took, refused := 0, 0
	try := func(ok bool, general func()) {
		if ok {
			took++
			return
		}
		refused++
		general()
	}
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 91))
		ws := [2]*World{NewWorld(testSchema()), NewWorld(testSchema())}
		as := [2]*Action{ws[0].NewAction(), ws[1].NewAction()}
		for range testsize.Steps(60) {
			plan := r.Uint64()
			for k, a := range as {
				w, pr := ws[k], rand.New(rand.NewPCG(plan, 3))
				wp, wv, wh, wn := pos.Writer(a), velo.Writer(a), hp.Writer(a), name.Writer(a)
				ws, wb := solid.Writer(a), barrel.Writer(a)
				write := func(e Entity, c, v int) {
					switch c {
					case 0:
						if k == 0 {
							try(wp.TrySet(e, geom.Pt(v%gridW, v%gridH)), func() { wp.Set(e, geom.Pt(v%gridW, v%gridH)) })
						} else {
							pos.Set(a, e, geom.Pt(v%gridW, v%gridH))
						}
					case 1:
						if k == 0 {
							try(wv.TrySet(e, vel{v, -v}), func() { wv.Set(e, vel{v, -v}) })
						} else {
							velo.Set(a, e, vel{v, -v})
						}
					case 2:
						if k == 0 {
							try(wh.TrySet(e, v), func() { wh.Set(e, v) })
						} else {
							hp.Set(a, e, v)
						}
					case 3:
						if k == 0 {
							try(wn.TrySet(e, string(rune('a'+v%26))), func() { wn.Set(e, string(rune('a'+v%26))) })
						} else {
							name.Set(a, e, string(rune('a'+v%26)))
						}
					case 4:
						if k == 0 {
							try(ws.TryAdd(e), func() { ws.Add(e) })
						} else {
							solid.Add(a, e)
						}
					default:
						if k == 0 {
							try(wb.TryAdd(e), func() { wb.Add(e) })
						} else {
							barrel.Add(a, e)
						}
					}
				}
				crowd := pr.IntN(40)
				for range crowd {
					e := a.Spawn()
					for c := range 6 {
						if pr.IntN(3) > 0 {
							write(e, c, pr.IntN(100))
						}
					}
				}
				// Writes off the short way: older entities, again on the
				// crowd, after a removal.
				last := w.LastEntity() + Entity(crowd)
				for range pr.IntN(6) {
					if last == 0 {
						break
					}
					e, c := 1+Entity(pr.IntN(int(last))), pr.IntN(6)
					if pr.IntN(3) == 0 {
						a.RemoveID(ID([]ID{idPos, idVel, idHP, idName, idSolid, idBarrel}[c]), e)
					}
					write(e, c, pr.IntN(100))
				}
			}
			require.Equal(t, as[1].Touched(), as[0].Touched(), "the components touched, in order")
			pe0, pv0 := pos.Pending(as[0])
			pe1, pv1 := pos.Pending(as[1])
			require.Equal(t, pe1, pe0)
			require.Equal(t, pv1, pv0)
			he0, hv0 := hp.Pending(as[0])
			he1, hv1 := hp.Pending(as[1])
			require.Equal(t, he1, he0)
			require.Equal(t, hv1, hv0)
			require.Equal(t, barrel.Pending(as[1]), barrel.Pending(as[0]))
			for k, a := range as {
				ws[k].Commit(a)
			}
			require.Equal(t, ws[1].Hash(), ws[0].Hash())
			for _, id := range []ID{idPos, idVel, idHP, idName, idSolid, idBarrel} {
				require.Equal(t, ws[1].stores[id].entities(), ws[0].stores[id].entities(), "store %d's order", id)
			}
		}
	}
	// Both ways were exercised: most writes append, and the first of each
	// component, the growing ones and those off the short way do not.
	require.Greater(t, took, refused)
	require.Positive(t, refused)
}

// TestWriterPanicsOnAnUnspawnedEntity checks that a writer refuses an id
// the world never handed out, as Set does, on its short way too.
func TestWriterPanicsOnAnUnspawnedEntity(t *testing.T) {
	w := NewWorld(testSchema())
	a := w.NewAction()
	wp, ws := pos.Writer(a), solid.Writer(a)
	// Three writes leave the lists room for a fourth: the short way's.
	var e Entity
	for range 3 {
		e = a.Spawn()
		wp.Set(e, geom.Pt(1, 1))
		ws.Add(e)
	}
	require.False(t, wp.TrySet(e+1, geom.Pt(1, 1)), "the short way refuses an id never spawned")
	require.False(t, ws.TryAdd(e+1), "the short way refuses an id never spawned")
	require.Panics(t, func() { wp.Set(e+1, geom.Pt(1, 1)) })
	require.Panics(t, func() { ws.Add(e + 1) })
	require.False(t, wp.TrySet(e, geom.Pt(2, 2)), "nor one not above the delta's top")
}

// TestGrowMakesRoomForTheShortWay checks that Grow changes nothing the
// action holds and that, after it, each write past a component's first
// takes TrySet's or TryAdd's way.
func TestGrowMakesRoomForTheShortWay(t *testing.T) {
	for _, n := range []int{1, 2, 7, 100} {
		w := NewWorld(testSchema())
		a := w.NewAction()
		wp, ws := pos.Writer(a), solid.Writer(a)
		wp.Grow(n)
		ws.Grow(n)
		require.Empty(t, a.Touched(), "Grow touches nothing")
		first := a.SpawnRun(n)
		wp.Set(first, geom.Pt(0, 0))
		ws.Add(first)
		for e := first + 1; e < first+Entity(n); e++ {
			require.True(t, wp.TrySet(e, geom.Pt(int(e)%gridW, 0)), "n %d entity %d", n, e)
			require.True(t, ws.TryAdd(e), "n %d entity %d", n, e)
		}
		w.Commit(a)
		require.Len(t, pos.Entities(w), n)
		require.Len(t, solid.Entities(w), n)
	}
}
