package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// extraContentArgs are the -content flags for testdata/content's extra gun
// and enemy.
var extraContentArgs = []string{
	"-content", filepath.Join("testdata", "content", "extra_gun.toml"),
	"-content", filepath.Join("testdata", "content", "extra_enemy.toml"),
}

// TestContentFlag records a bot run with extra content and verifies it: with
// the same -content files it passes, without them it is refused (exit 2)
// by a line naming the extra files; a -content file that cannot be loaded
// is named, with exit 2, before anything runs.
func TestContentFlag(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := append([]string{"-autoplay", "1", "-seed", "4", "-record", dir}, extraContentArgs...)
	require.Equal(t, exitOK, run(args, &stdout, &stderr), stderr.String())
	recs, err := filepath.Glob(filepath.Join(dir, "*.rec"))
	require.NoError(t, err)
	require.Len(t, recs, 1)

	stdout.Reset()
	stderr.Reset()
	args = append([]string{"-replay", recs[0], "-verify"}, extraContentArgs...)
	assert.Equal(t, exitOK, run(args, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "ok: ")

	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitBad, run([]string{"-replay", recs[0], "-verify"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "made with content ")
	assert.Contains(t, stderr.String(), "extra_gun.toml, extra_enemy.toml")

	bad := filepath.Join(dir, "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("[[gun]]\nid = \"x\"\nrange = \"far\"\n"), 0o644))
	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitBad, run([]string{"-content", bad, "-autoplay", "1"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "lastpost: -content: "+bad)
	assert.Empty(t, stdout.String())
}
