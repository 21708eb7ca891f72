package ai

import "lastpost/ecs/geom"

// Sees reports whether an actor at self with the given vision radius sees
// target. Nothing in the game blocks sight, so vision is a plain disc: the
// squared distance must be below the squared radius.
func Sees(self, target geom.Point, vision int) bool {
	return self.Dist2(target) < vision*vision
}
