// Package ai decides what the non-player actors of Last Post do, and drives
// the van when the game plays itself. It is pure: every function reads plain
// values (a Map view of the terrain, a Grid of the road's spatial index,
// positions, speeds) and returns an Order or a direction; nothing here
// changes the world, draws random numbers or keeps state between calls,
// apart from the scratch buffers a Pathfinder reuses to avoid allocating.
//
// The enemy behaviours follow the original game's ordered decision lists,
// with two deliberate changes: zombies path around obstacles, and the bike's
// "behind the target" lane check works as its author intended.
package ai
