package act

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// TestPlacesEnemyAgreesWithPlace checks placesEnemy, which commitPopulate
// enlists by, against the Enemy flag place gives each kind of thing: the
// built-in ones and every enemy of the data.
func TestPlacesEnemyAgreesWithPlace(t *testing.T) {
	f := newFixture(t)
	kinds := []vocab.Kind{vocab.KindWreck, vocab.KindBarrel, vocab.KindLetter}
	for i := range f.data.Enemies.List {
		kinds = append(kinds, vocab.EnemyKind(i))
	}
	for i, k := range kinds {
		a := f.w.NewAction()
		place(f.env, a, k, geom.Pt(i%20, i/20))
		f.w.Commit(a)
		e := f.w.LastEntity()
		assert.Equal(t, vocab.Enemy.Has(f.w, e), placesEnemy(k), "kind %v", k)
	}
}
