package game

import (
	"errors"
	"fmt"

	"lastpost/assets"
	"lastpost/levelgen"
)

// errDrawnRoad refuses to save a run whose road was drawn: a save names its
// road by the seed it is generated from, and a drawing has none.
var errDrawnRoad = errors.New("game: a run on a drawn road cannot be saved: a save regenerates its road from a seed")

// NewOnDrawnRoad starts a run with the given seed on a road drawn in ASCII
// rather than generated, for tests and demonstrations that need one
// situation exactly whatever the content's spawn tables say. The van is
// outfitted as New does, the drawing's things are placed through the rules
// as a generated road's are (enemies get their turns), and the van waits at
// the data's starting speed for its first command.
//
// The drawing is read by levelgen.Parse with the data's legend: '.' road,
// ',' dirt, '~' acid, '@' the van, '#' a wreck, '0' a barrel, '=' a letter,
// and each enemy's map_char from the data; rows of one width, one van, and
// a column east of the van, since the delivery ends in the last column. A
// drawing that breaks these is refused with an error that says where.
// Roads after the first are generated from the seed as in any run. Until
// the van leaves for one, MarshalState refuses to save the run.
func NewOnDrawnRoad(data *assets.Data, seed uint64, drawing string) (*Game, error) {
	g, err := layOutDrawnRoad(data, seed, drawing)
	if err != nil {
		return nil, err
	}
	if err := g.advance(); err != nil {
		return nil, fmt.Errorf("game: the drawn road's first round: %w", err)
	}
	return g, nil
}

// layOutDrawnRoad makes a run on the drawn road and populates it, up to
// the enemies' first turns, which have not been played yet.
func layOutDrawnRoad(data *assets.Data, seed uint64, drawing string) (*Game, error) {
	return layOutDrawnRoadFrom(nil, data, seed, drawing)
}

// layOutDrawnRoadFrom is layOutDrawnRoad in old's memory, as NewFrom
// makes a run in a finished one's (old must not be used afterwards), or
// in new memory when old is nil.
func layOutDrawnRoadFrom(old *Game, data *assets.Data, seed uint64, drawing string) (*Game, error) {
	level, err := levelgen.Parse(drawing, data.LevelGen.Legend)
	if err != nil {
		return nil, fmt.Errorf("game: the drawn road: %w", err)
	}
	if level.Start.X >= level.GoalX() {
		return nil, fmt.Errorf("game: the drawn road: the van stands in the last column, %d, where the delivery ends: draw road east of it", level.GoalX()+1)
	}
	g := newGameFrom(old, data, seed)
	g.drawn = true
	g.setLevel(level)
	g.populate()
	return g, nil
}
