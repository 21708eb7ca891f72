package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeScreenIsAGoldenScreen keeps the README's picture of the road
// honest: it is the golden screen the UI tests draw, to the character.
func TestReadmeScreenIsAGoldenScreen(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/screens/road_driving.golden")
	require.NoError(t, err)
	const open = "```text\n"
	start := strings.Index(string(readme), open)
	require.GreaterOrEqual(t, start, 0, "README.md has no text block")
	body := string(readme)[start+len(open):]
	end := strings.Index(body, "```\n")
	require.GreaterOrEqual(t, end, 0, "the text block is not closed")
	assert.Equal(t, string(golden), body[:end], "README.md's screen differs from road_driving.golden: copy it over")
}
