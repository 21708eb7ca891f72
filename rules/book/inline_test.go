package book

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRuleConstructorsAreNotInlined checks that every function of the
// package that returns a Rule is marked go:noinline: inlined into Book, a
// rule's check would be compiled as a copy that calls, rather than
// inlines, each flag read and spatial query (see verdict.go). Play would
// be the same; only the cost of every check would rise.
func TestRuleConstructorsAreNotInlined(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	found := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
				continue
			}
			if id, ok := fn.Type.Results.List[0].Type.(*ast.Ident); !ok || id.Name != "Rule" {
				continue
			}
			found++
			marked := false
			if fn.Doc != nil {
				for _, c := range fn.Doc.List {
					marked = marked || c.Text == "//go:noinline"
				}
			}
			assert.True(t, marked, "%s: %s is not marked go:noinline", name, fn.Name.Name)
		}
	}
	assert.Len(t, Book(&Env{}), found, "every rule of the book has a constructor returning a Rule")
}
