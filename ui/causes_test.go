package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// entityNumber is how the rule trace numbers an entity: a player must
// never meet one.
var entityNumber = regexp.MustCompile(`#[0-9]+`)

// blastRun plays seed 1's first road up to a pistol round that sets off a
// barrel, whose blast sets off another and kills zombies.
func blastRun(t *testing.T) *harness {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	h.typeKeys("k....fl")
	require.Contains(t, h.text(), "The zombie goes down.")
	return h
}

// TestTheLogTellsWhatCausedALine: in the message log the why key on the
// picked line shows the chain of causes that wrote it, in words with
// names; the newest line is picked first and up picks the one before.
func TestTheLogTellsWhatCausedALine(t *testing.T) {
	h := blastRun(t)
	h.typeKeys("t")
	h.typeKeys("w")
	h.contains(h.app.text(assets.LogWhyTitle),
		"Your pistol round hit the barrel; its blast hit the barrel; its blast hit", "the zombie.")
	h.checkGolden("log_why")
	h.press(keyEsc)
	h.contains(h.app.text(assets.LogTitle))
	log := h.app.game.Log().Entries
	for i := len(log) - 1; i >= 0; i-- {
		h.typeKeys("w")
		assert.NotRegexp(t, entityNumber, h.text(), "line %d", i)
		if log[i].Why.Empty() {
			none, _, _ := strings.Cut(h.app.text(assets.LogWhyNone), ":")
			h.contains(none)
		}
		h.press(keyEsc)
		h.typeKeys("k")
	}
	h.press(keyEsc)
	h.lacks(h.app.text(assets.LogTitle))
}

// TestTheTraceNamesWhatActs: the trace's first page tells the actions with
// the names of what acts, never an entity's number; the full trace keeps
// the numbers.
func TestTheTraceNamesWhatActs(t *testing.T) {
	h := blastRun(t)
	h.typeKeys("T")
	h.contains("the pistol round")
	assert.NotRegexp(t, entityNumber, h.text())
	h.press(keyTab)
	assert.Regexp(t, entityNumber, h.text())
}

// TestTheStatusLineLetsGoOfADeadTarget: the enemy the van's round killed
// reads as down on the status line, not with the health it had before.
func TestTheStatusLineLetsGoOfADeadTarget(t *testing.T) {
	for _, killed := range []bool{false, true} {
		h := newHarness(t, 80, 24, Options{})
		g := h.startRun()
		van, _ := vanAt(g)
		z := spawnOnRoad(t, g, "zombie", van.Add(geom.Pt(0, 5)))
		turn := g.Run.Turns
		g.Log().Add(vocab.Message{ID: assets.MsgGunHits, Who: "pistol", Victim: "zombie", N: 1, Of: z}, turn)
		if killed {
			g.Log().Add(vocab.Message{ID: assets.MsgGunKills, Who: "pistol", Victim: "zombie", Of: z}, turn)
		}
		h.app.redraw(false)
		status := h.statusLine()
		assert.Equal(t, !killed, strings.Contains(status, "Zombie 1/2"), "killed %t: %s", killed, status)
		assert.Equal(t, killed, strings.Contains(status, "Zombie down"), "killed %t: %s", killed, status)
	}
}
