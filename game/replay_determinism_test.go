package game

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// simulationPackages are the directories, relative to the module root, of
// every package whose code can reach the game state.
var simulationPackages = []string{
	"ecs", "rules", "rules/vocab", "rules/act", "rules/book", "game", "game/sched", "levelgen", "ai",
}

// randConstructors are the math/rand(/v2) functions that make an explicit,
// seeded generator rather than drawing from the shared one.
var randConstructors = map[string]bool{
	"New": true, "NewPCG": true, "NewChaCha8": true, "NewSource": true, "NewZipf": true,
}

// determinismOK is the comment that allows a flagged line, followed by why
// it cannot change results, on the line itself or the line above.
const determinismOK = "determinism:ok"

// TestSimulationIsDeterministic scans the non-test source of every
// simulation package for what would make a replay drift: reading the clock,
// the unseeded top-level random functions, goroutines, and ranging over a
// map (whose order changes from run to run) unless a determinism:ok comment
// explains why the order cannot matter.
func TestSimulationIsDeterministic(t *testing.T) {
	if raceEnabled {
		t.Skip("a scan of the source in one goroutine, whose type-checking the race detector slows tenfold; the plain run checks it")
	}
	fset := token.NewFileSet()
	imp := exportImporter(t, fset)
	for _, dir := range simulationPackages {
		t.Run(dir, func(t *testing.T) {
			problems := scanPackage(t, fset, imp, filepath.Join("..", dir))
			assert.Empty(t, problems, "add a %q comment with the reason only if the order or value cannot reach the state", determinismOK)
		})
	}
}

// TestDeterminismScanCatches makes sure the scanner finds each kind of
// problem, so the test above cannot pass by seeing nothing.
func TestDeterminismScanCatches(t *testing.T) {
	if raceEnabled {
		t.Skip("a scan of the source in one goroutine, whose type-checking the race detector slows tenfold; the plain run checks it")
	}
	dir := t.TempDir()
	src := `package bad

import (
	"math/rand/v2"
	r1 "math/rand"
	"time"
)

func bad(m map[int]int, s []int) int {
	n := rand.IntN(6) + r1.Intn(6)
	_ = time.Now()
	go func() {}()
	for k := range m {
		n += k
	}
	for k := range m { // determinism:ok summing is order-free
		n += k
	}
	for _, v := range s {
		n += v
	}
	g := rand.New(rand.NewPCG(1, 2))
	return n + g.IntN(3)
}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.go"), []byte(src), 0o644))
	fset := token.NewFileSet()
	problems := scanPackage(t, fset, exportImporter(t, fset), dir)
	require.Len(t, problems, 5, strings.Join(problems, "\n"))
	for i, want := range []string{"rand.IntN", "rand.Intn", "time.Now", "goroutine", "range over a map"} {
		assert.Contains(t, problems[i], want)
	}
}

// exportImporter imports packages from the compiler's export data, which
// `go list -export` builds (or finds in the build cache) for the simulation
// packages and everything they import.
func exportImporter(t *testing.T, fset *token.FileSet) types.Importer {
	t.Helper()
	// The scanner's own test imports these too.
	args := []string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", "math/rand", "math/rand/v2", "time"}
	for _, dir := range simulationPackages {
		args = append(args, "./"+dir)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.Output()
	require.NoError(t, err, "go list -export")
	exports := map[string]string{}
	for line := range strings.Lines(string(out)) {
		if path, file, ok := strings.Cut(strings.TrimSpace(line), "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(file)
	})
}

// scanPackage type-checks the non-test files of the package in dir and
// returns one line per problem, "file:line: what".
func scanPackage(t *testing.T, fset *token.FileSet, imp types.Importer, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	require.NotEmpty(t, files, dir)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp, Error: func(error) {}}
	_, err = conf.Check(files[0].Name.Name, fset, files, info)
	require.NoError(t, err, "%s must type-check for the map scan to see every type", dir)
	var problems []string
	for _, f := range files {
		s := scanner{fset: fset, info: info, allowed: allowedLines(fset, f)}
		ast.Inspect(f, s.visit)
		problems = append(problems, s.problems...)
	}
	return problems
}

// allowedLines returns the lines a determinism:ok comment covers: its own
// line and the next.
func allowedLines(fset *token.FileSet, f *ast.File) map[int]bool {
	lines := map[int]bool{}
	for _, group := range f.Comments {
		for _, c := range group.List {
			if strings.Contains(c.Text, determinismOK) {
				line := fset.Position(c.Pos()).Line
				lines[line], lines[line+1] = true, true
			}
		}
	}
	return lines
}

type scanner struct {
	fset     *token.FileSet
	info     *types.Info
	allowed  map[int]bool
	problems []string
}

func (s *scanner) report(n ast.Node, what string) {
	pos := s.fset.Position(n.Pos())
	if s.allowed[pos.Line] {
		return
	}
	s.problems = append(s.problems, filepath.Base(pos.Filename)+":"+strconv.Itoa(pos.Line)+": "+what)
}

func (s *scanner) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.GoStmt:
		s.report(n, "starts a goroutine")
	case *ast.RangeStmt:
		if tv, ok := s.info.Types[n.X]; ok && tv.Type != nil {
			if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
				s.report(n, "range over a map")
			}
		}
	case *ast.CallExpr:
		s.call(n)
	}
	return true
}

// call flags clock reads and the shared random generator.
func (s *scanner) call(n *ast.CallExpr) {
	sel, ok := n.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	pkgName, ok := sel.X.(*ast.Ident)
	if !ok {
		return
	}
	name, ok := s.info.Uses[pkgName].(*types.PkgName)
	if !ok {
		return
	}
	switch path := name.Imported().Path(); {
	case path == "time" && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since" || sel.Sel.Name == "Until"):
		s.report(n, "reads the clock with time."+sel.Sel.Name)
	case (path == "math/rand" || path == "math/rand/v2") && !randConstructors[sel.Sel.Name]:
		s.report(n, "draws from the shared generator with rand."+sel.Sel.Name)
	}
}
