package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCPUProfileFlagWritesAProfile runs both headless modes with
// -cpuprofile: each prints what it prints without the flag and leaves a
// profile in the runtime's format (gzip-compressed protocol buffers).
func TestCPUProfileFlagWritesAProfile(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"autoplay", []string{"-autoplay", "2", "-seed", "3"}},
		{"verify", []string{"-replay", filepath.Join("testdata", "replays", "auto-0005.rec"), "-verify"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cpu.prof")
			requireSameOutputWith(t, tt.args, "-cpuprofile", path)
			f, err := os.Open(path)
			require.NoError(t, err)
			defer f.Close()
			z, err := gzip.NewReader(f)
			require.NoError(t, err, "a CPU profile is gzip-compressed")
			body, err := io.ReadAll(z)
			require.NoError(t, err)
			assert.NotEmpty(t, body)
		})
	}
}

// TestCPUProfileThatCannotBeWrittenStopsTheRun checks that a -cpuprofile
// file that cannot be created is named in one line before the run starts.
func TestCPUProfileThatCannotBeWrittenStopsTheRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "cpu.prof")
	out, errOut, code := runCLI2("-autoplay", "1", "-cpuprofile", path)
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out, "the run does not start")
	assert.Equal(t, "lastpost: -cpuprofile: open "+path+": no such file or directory\n", errOut)
}

// TestDefaultPGOIsAProfileOfThisGame checks the profile that go build
// optimises the game with: a file the go command cannot read would stop
// every build of the game, and a profile of another program would
// optimise nothing. The go command's own reader (go tool preprofile) reads
// it, and it names the engine's and the game's functions.
func TestDefaultPGOIsAProfileOfThisGame(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pgo.txt")
	var stderr bytes.Buffer
	cmd := exec.Command("go", "tool", "preprofile", "-i", "default.pgo", "-o", out)
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "go tool preprofile: %s", stderr.String())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	for _, pkg := range []string{"lastpost/ecs.", "lastpost/rules.", "lastpost/game.", "lastpost/levelgen."} {
		assert.Contains(t, string(b), "\n"+pkg, "the profile's hot calls name %s functions", pkg)
	}
}
