package archive

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"lastpost/game"
	"lastpost/rules/act"
)

// Balance sums up autoplayed runs for the balance report that
// `lastpost -autoplay N -stats` prints: how often runs are won, how far they
// get, what ends them and at which delivery, and where the money goes. It
// is a harness's tally, outside the game, so its maps never reach play.
type Balance struct {
	runs, wins, stranded, capped int
	deliveries                   []int
	causes                       map[string]int
	// diedAt[d] counts runs that ended on delivery d+1; reached[d] those
	// that set out on it.
	diedAt, reached []int
	earned, spent   int
	bought          map[string]int
	// lowAtEnd and lowSetOut count the deaths with a worn engine: at
	// most LowEngine when the run ended, and when the van set out on its
	// last delivery.
	lowAtEnd, lowSetOut int
}

// LowEngine is the engine at or below which the report counts a death as
// following a worn engine: with the shipped van that is a top speed of two
// or less, which the zombies keep pace with.
const LowEngine = 3

// NewBalance returns an empty balance.
func NewBalance() *Balance {
	return &Balance{causes: map[string]int{}, bought: map[string]int{}}
}

// Add counts one run.
func (b *Balance) Add(s game.RunStats) {
	b.runs++
	b.deliveries = append(b.deliveries, s.Deliveries)
	b.earned += s.Earned
	b.spent += s.Spent
	for _, id := range s.Bought {
		b.bought[id]++
	}
	for len(b.reached) <= s.Deliveries {
		b.reached = append(b.reached, 0)
		b.diedAt = append(b.diedAt, 0)
	}
	for d := 0; d <= s.Deliveries; d++ {
		b.reached[d]++
	}
	switch s.Cause {
	case game.AutoplayWon:
		b.wins++
		// A won run stops at the camp: it never set out on the next road.
		b.reached[s.Deliveries]--
		return
	case game.AutoplayCapped:
		b.capped++
	case act.CauseStranded:
		b.stranded++
	}
	b.diedAt[s.Deliveries]++
	b.causes[deathCause(s)]++
	if s.Engine <= LowEngine {
		b.lowAtEnd++
	}
	if s.SetOutEngine <= LowEngine {
		b.lowSetOut++
	}
}

// deathCause names what ended a run that did not win: what destroyed the
// van, or why else the run ended.
func deathCause(s game.RunStats) string {
	if s.Cause == act.CauseDestroyed && s.DestroyedBy != "" {
		return "destroyed by " + s.DestroyedBy
	}
	return s.Cause
}

// WriteTo writes the report as a plain-text table.
func (b *Balance) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	row := func(name, format string, args ...any) {
		fmt.Fprintf(&sb, "%-28s %s\n", name, fmt.Sprintf(format, args...))
	}
	sb.WriteString("\nbalance report\n")
	row("runs", "%d", b.runs)
	row("won", "%d (%s)", b.wins, percent(b.wins, b.runs))
	row("stranded", "%d", b.stranded)
	row("at the turn cap", "%d", b.capped)
	row("deliveries, mean", "%.2f", b.meanDeliveries())
	row("deliveries, median", "%d", b.medianDeliveries())
	row("money earned, per run", "%.1f", ratio(b.earned, b.runs))
	row("money spent, per run", "%.1f", ratio(b.spent, b.runs))
	sb.WriteString("\ndeaths by cause\n")
	deaths := b.runs - b.wins
	for _, kv := range byCount(b.causes) {
		row("  "+kv.key, "%d (%s of deaths)", kv.n, percent(kv.n, deaths))
	}
	fmt.Fprintf(&sb, "\ndeaths after a worn engine (%d or less)\n", LowEngine)
	row("  when the run ended", "%d (%s of deaths)", b.lowAtEnd, percent(b.lowAtEnd, deaths))
	row("  setting out on its road", "%d (%s of deaths)", b.lowSetOut, percent(b.lowSetOut, deaths))
	sb.WriteString("\ndeaths per delivery (of the runs that set out on it)\n")
	for d := range b.reached {
		if b.reached[d] == 0 {
			continue
		}
		row(fmt.Sprintf("  delivery %d", d+1), "%d of %d (%s)", b.diedAt[d], b.reached[d], percent(b.diedAt[d], b.reached[d]))
	}
	sb.WriteString("\nitems bought\n")
	for _, kv := range byCount(b.bought) {
		row("  "+kv.key, "%d (%.2f a run)", kv.n, ratio(kv.n, b.runs))
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

func (b *Balance) meanDeliveries() float64 {
	total := 0
	for _, d := range b.deliveries {
		total += d
	}
	return ratio(total, len(b.deliveries))
}

// medianDeliveries is the lower median, a whole number of deliveries.
func (b *Balance) medianDeliveries() int {
	if len(b.deliveries) == 0 {
		return 0
	}
	sorted := slices.Sorted(slices.Values(b.deliveries))
	return sorted[(len(sorted)-1)/2]
}

type keyCount struct {
	key string
	n   int
}

// byCount lists a tally most first, ties by name, so the report reads the
// same on every machine.
func byCount(m map[string]int) []keyCount {
	out := make([]keyCount, 0, len(m))
	for k, n := range m {
		out = append(out, keyCount{k, n})
	}
	slices.SortFunc(out, func(a, b keyCount) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.key, b.key)) })
	return out
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func percent(a, b int) string { return fmt.Sprintf("%.1f%%", 100*ratio(a, b)) }
