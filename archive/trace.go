package archive

import (
	"fmt"
	"io"

	"lastpost/game"
)

// WriteTrace writes the rule trace of a road turn that took time: a header
// line with the turn and command, then one line per action. Camp moves and
// refused commands resolve nothing, so they write nothing. g must have
// tracing on (game.SetTracing).
func WriteTrace(w io.Writer, g *game.Game, c game.Command, r game.Result) {
	t := g.LastTrace()
	if !r.Took || c.Kind > game.CmdUse || t == nil {
		return
	}
	fmt.Fprintf(w, "# turn %d: %s\n", g.Run.Turns, c)
	t.WriteTo(w)
}
