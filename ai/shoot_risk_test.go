package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// plainBarrelRisk is the barrel check asked side by side, every barrel
// each time: firing toward d risks a barrel on the line of fire within
// blast reach, or one within two cells ahead of or beside the van.
func plainBarrelRisk(s *Situation, d geom.Dir, reach int) bool {
	v := d.Vec()
	for _, b := range s.Barrels {
		o := b.Sub(s.Van)
		along := o.X*v.X + o.Y*v.Y
		side := geom.Abs(o.X*v.Y - o.Y*v.X)
		if side == 0 && along >= 1 && along <= min(reach, blastReach) {
			return true
		}
		if along >= 0 && along <= nearBlast && side <= nearBlast && o != (geom.Point{}) {
			return true
		}
	}
	return false
}

// barrelRisks reads the barrels once for the four sides and passes most
// over at a glance; for random barrels around the van and random guns it
// must tell every mounted side what asking side by side tells.
func TestBarrelRisksMatchAskingSideBySide(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	risked := 0
	for round := range 20000 {
		s := Situation{Van: geom.Pt(20, 10)}
		for i := range s.Guns {
			s.Guns[i] = GunInfo{Mounted: rng.IntN(4) != 0, Range: rng.IntN(9)}
		}
		for range rng.IntN(4) {
			s.Barrels = append(s.Barrels, s.Van.Add(geom.Pt(rng.IntN(19)-9, rng.IntN(19)-9)))
		}
		dr := driver{s: &s}
		got := dr.barrelRisks()
		for _, d := range geom.Dirs {
			if g := s.Guns[d-1]; g.Mounted {
				want := plainBarrelRisk(&s, d, g.Range+1)
				require.Equal(t, want, got[d-1], "round %d side %v: %+v", round, d, s)
				if want {
					risked++
				}
			}
		}
	}
	require.Greater(t, risked, 1000, "the rounds risk sides")
}
