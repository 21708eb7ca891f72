package act

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// TestTellIsSayThenBecause checks that tell writes the action's lines as
// say followed by because does, whatever lines the action already holds:
// none, a few, or so many that the new one is dropped.
func TestTellIsSayThenBecause(t *testing.T) {
	w := ecs.NewWorld(vocab.Schema())
	first := vocab.Chain{}.Then(vocab.Link{By: vocab.KindVan})
	why := vocab.Chain{}.Then(vocab.Link{By: vocab.KindBarrel}).Struck(vocab.KindWreck)
	m := vocab.Message{ID: assets.MsgMissed, Who: "pistol", N: 3, Of: 7}
	for before := range 6 {
		told, said := w.NewAction(), w.NewAction()
		for i := range before {
			for _, a := range []*ecs.Action{told, said} {
				say(a, vocab.Message{ID: assets.MsgHurt, N: i})
				because(a, first)
			}
		}
		tell(told, m, why)
		say(said, m)
		because(said, why)
		got, _ := vocab.Says.Get(told)
		want, _ := vocab.Says.Get(said)
		assert.Equal(t, want, got, "%d lines before", before)
		assert.Equal(t, why, got.Why)
	}
}

// TestGunNamesAreGunRefNames: every reference a chain can hold, past the
// data's guns and none included, names the gun through the env's names as
// GunRefName does, in lower case; once laid out, naming allocates nothing.
func TestGunNamesAreGunRefNames(t *testing.T) {
	f := newFixture(t)
	require.NotEmpty(t, f.data.Guns.List)
	for ref := range vocab.GunRef(len(f.data.Guns.List) + 2) {
		want := GunRefName(&f.data, ref)
		assert.Equal(t, want, f.env.gunRefName(ref), "gun reference %d", ref)
		assert.Equal(t, strings.ToLower(want), want, "gun reference %d", ref)
	}
	allocs := testing.AllocsPerRun(10, func() { f.env.gunRefName(1) })
	assert.Zero(t, allocs, "a gun named again")
}
