package archive

import (
	"fmt"
	"io"

	"lastpost/game"
)

// WriteTrace writes the rule trace of one command, on the road or at a
// camp, taken or refused: a header line with the turn, the command and,
// when refused, why, then one line per action with each rule's verdict. g
// must have tracing on (game.SetTracing).
func WriteTrace(w io.Writer, g *game.Game, c game.Command, r game.Result) {
	t := g.LastTrace()
	if t == nil {
		return
	}
	fmt.Fprintf(w, "# turn %d: %s", g.Run.Turns, c)
	if !r.Took {
		fmt.Fprintf(w, " (refused: %s)", r.Refusal.ID)
	}
	fmt.Fprintln(w)
	t.WriteTo(w)
}
