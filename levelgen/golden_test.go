package levelgen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/levels")

const goldenDir = "../testdata/levels"

// checkGolden compares got with a golden file, or rewrites the file when the
// test runs with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		require.NoError(t, os.MkdirAll(goldenDir, 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./levelgen/ -update to create it")
	assert.Equal(t, string(want), got, "%s differs; if the change is meant, rerun with -update", path)
}

// TestSeedCatalog pins the width and hash of seeds 1-25 at difficulties
// 0-9, so any change to generation, the tables or the random stream shows
// up, on every architecture.
func TestSeedCatalog(t *testing.T) {
	p := tables(t)
	var b strings.Builder
	b.WriteString("# seed difficulty width hash\n")
	for s := uint64(1); s <= 25; s++ {
		for d := range 10 {
			l := Generate(s, d, p)
			fmt.Fprintf(&b, "%d %d %d %016x\n", s, d, l.W, l.Hash())
		}
	}
	checkGolden(t, "catalog.golden", b.String())
}

func TestSeedMaps(t *testing.T) {
	p := tables(t)
	for s := uint64(1); s <= 3; s++ {
		checkGolden(t, fmt.Sprintf("seed%d-d0.golden", s), Generate(s, 0, p).ASCII())
	}
}
