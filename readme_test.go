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

// TestReadmeShowsTheRetiredScreen keeps the README's picture of a
// retired run's end screen the golden screen the UI tests draw.
func TestReadmeShowsTheRetiredScreen(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/screens/retired.golden")
	require.NoError(t, err)
	assert.Contains(t, string(readme), "```text\n"+string(golden)+"```\n", "README.md's retired screen differs from retired.golden: copy it over")
}

// TestReadmeTellsOfMorgueFiles checks the README tells players of the
// morgue files where they look: in Play, and in the data folder's list.
func TestReadmeTellsOfMorgueFiles(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	tests := []struct {
		section, from, to string
	}{
		{section: "Play", from: "## Play\n", to: "### Driving\n"},
		{section: "the data folder", from: "**The data folder**", to: "**Starting up**"},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			s := string(readme)
			start := strings.Index(s, tt.from)
			require.GreaterOrEqual(t, start, 0)
			end := strings.Index(s[start:], tt.to)
			require.Greater(t, end, 0)
			assert.Contains(t, s[start:start+end], "`morgue-N.txt`")
		})
	}
}

// TestReadmeShowsTheFirePrompt keeps the README's fire prompt the one the
// UI tests draw: the last line of the fire_guns golden screen.
func TestReadmeShowsTheFirePrompt(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/screens/fire_guns.golden")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimRight(string(golden), "\n"), "\n")
	prompt := lines[len(lines)-1]
	assert.Contains(t, string(readme), "```text\n"+prompt+"\n```\n", "README.md's fire prompt differs from fire_guns.golden")
}

// TestReadmeWhyScreenIsAGoldenScreen keeps the README's picture of the
// message log's causes honest: it is the top of the golden screen the UI
// tests draw.
func TestReadmeWhyScreenIsAGoldenScreen(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/screens/log_why.golden")
	require.NoError(t, err)
	const name, open = "`testdata/screens/log_why.golden`", "```text\n"
	at := strings.Index(string(readme), name)
	require.GreaterOrEqual(t, at, 0, "README.md does not show log_why.golden")
	rest := string(readme)[at:]
	start := strings.Index(rest, open)
	require.GreaterOrEqual(t, start, 0, "no text block after the name")
	body := rest[start+len(open):]
	end := strings.Index(body, "```\n")
	require.Greater(t, end, 0, "the text block is not closed")
	assert.True(t, strings.HasPrefix(string(golden), body[:end]),
		"README.md's causes screen differs from log_why.golden: copy it over\n%s", body[:end])
}
