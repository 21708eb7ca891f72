package vocab

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAChainKeepsItsFirstCauseAndNewestSteps: a cascade longer than a
// chain holds keeps the first link, the newest ones, and says it was cut;
// the cut and every link change the hash, and JSON brings it back whole.
func TestAChainKeepsItsFirstCauseAndNewestSteps(t *testing.T) {
	c := Chain{}.Then(Link{By: KindVan, Gun: 1}).Struck(KindBarrel)
	for range 5 {
		c = c.Then(Link{By: KindBarrel}).Struck(KindBarrel)
	}
	c = c.Then(Link{By: KindBarrel}).Struck(KindVan)
	require.EqualValues(t, ChainLinks, c.N)
	assert.True(t, c.Cut)
	assert.Equal(t, Link{By: KindVan, Gun: 1, Hit: KindBarrel}, c.L[0], "the first cause stays")
	assert.Equal(t, Link{By: KindBarrel, Hit: KindVan}, c.L[ChainLinks-1], "the newest step is last")

	uncut := c
	uncut.Cut = false
	assert.NotEqual(t, c.Hash(0), uncut.Hash(0), "the cut is hashed")
	for i := range int(c.N) {
		other := c
		other.L[i].Gun++
		assert.NotEqual(t, c.Hash(0), other.Hash(0), "link %d's gun is hashed", i)
	}

	b, err := json.Marshal(c)
	require.NoError(t, err)
	var back Chain
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, c, back)
}

// TestAChainOfTooManyLinksIsRefused: a saved chain longer than a chain
// holds is an error, not a panic or a silent cut.
func TestAChainOfTooManyLinksIsRefused(t *testing.T) {
	var c Chain
	err := json.Unmarshal([]byte(`{"links":[{"by":1},{"by":6},{"by":6},{"by":6},{"by":6}]}`), &c)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "5 links")
}
