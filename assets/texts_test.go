package assets

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// constValues returns the values of the string constants of type typeName
// declared in one source file of this package, in source order.
func constValues(t *testing.T, file, typeName string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	require.NoError(t, err)
	var values []string
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.CONST {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			if ident, ok := vs.Type.(*ast.Ident); !ok || ident.Name != typeName {
				continue
			}
			for _, v := range vs.Values {
				lit, ok := v.(*ast.BasicLit)
				require.True(t, ok, "a %s constant in %s is not a literal", typeName, file)
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				values = append(values, s)
			}
		}
	}
	return values
}

func asStrings[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = string(v)
	}
	return out
}

func TestIDListsMatchTheirConstants(t *testing.T) {
	cases := []struct {
		file, typeName string
		list           []string
	}{
		{"texts.go", "TextID", asStrings(TextIDs)},
		{"colours.go", "Role", asStrings(Roles)},
		{"colours.go", "Tile", asStrings(Tiles)},
	}
	for _, c := range cases {
		consts := constValues(t, c.file, c.typeName)
		require.NotEmpty(t, consts, c.typeName)
		for _, v := range consts {
			assert.Contains(t, c.list, v, "constant %q of type %s is missing from its list in %s", v, c.typeName, c.file)
		}
		for _, v := range c.list {
			assert.Contains(t, consts, v, "list entry %q has no %s constant", v, c.typeName)
		}
		sorted := slices.Clone(c.list)
		slices.Sort(sorted)
		assert.Len(t, slices.Compact(sorted), len(c.list), "the %s list holds an id twice", c.typeName)
	}
}

func TestEveryTextIDHasATextAndBack(t *testing.T) {
	texts, err := LoadTexts()
	require.NoError(t, err)
	for _, id := range TextIDs {
		assert.True(t, texts.Has(id), "no text for %s", id)
	}
	assert.Len(t, texts.byID, len(TextIDs), "texts.toml holds texts no constant names")
}

func TestGetMarksMissingTexts(t *testing.T) {
	texts, err := LoadTexts()
	require.NoError(t, err)
	assert.Equal(t, "[missing text: msg.nope]", texts.Get("msg.nope"))
}

func TestFormatFillsPlaceholders(t *testing.T) {
	texts := Texts{byID: map[TextID]string{
		"a": "The {enemy} hits you for {n}.",
		"b": "{x}{x} and {y}",
		"c": "No placeholders.",
		"d": "Unclosed {brace",
	}}
	cases := []struct {
		id   TextID
		args []any
		want string
	}{
		{"a", []any{"enemy", "car", "n", 3}, "The car hits you for 3."},
		{"a", []any{"n", 3, "enemy", "bike", "unused", 1}, "The bike hits you for 3."},
		{"a", []any{"enemy", "car"}, "The car hits you for {n}."},
		{"b", []any{"x", "ab", "y", "{x}"}, "abab and {x}"},
		{"c", nil, "No placeholders."},
		{"d", []any{"brace", 1}, "Unclosed {brace"},
		{"a", []any{"enemy"}, "The {enemy} hits you for {n}. [bad format arguments]"},
		{"a", []any{1, "car"}, "The {enemy} hits you for {n}. [bad format arguments]"},
		{"zzz", nil, "[missing text: zzz]"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, texts.Format(c.id, c.args...), "%s %v", c.id, c.args)
	}
}

func TestPlaceholdersParse(t *testing.T) {
	names, err := Placeholders("{a} and {b_c} then {a}")
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b_c", "a"}, names)
	for _, bad := range []string{"{", "}", "{a", "a}", "{}", "{A}", "{a{b}}", "{a b}"} {
		_, err := Placeholders(bad)
		assert.Error(t, err, bad)
	}
}

func TestEveryActionHasHelp(t *testing.T) {
	texts, err := LoadTexts()
	require.NoError(t, err)
	for _, a := range constValues(t, "keys.go", "Action") {
		assert.True(t, texts.Has(HelpFor(Action(a))), "action %s has no help text", a)
	}
}

// TestTheVanGunsLinesNameTheGunAlike: a hit, a folded run of hits, a kill
// and a miss by one of the van's guns all name it the same way, so the log
// reads as one voice ("Your pistol hits ...", "Your pistol kills ...").
func TestTheVanGunsLinesNameTheGunAlike(t *testing.T) {
	texts, err := LoadTexts()
	require.NoError(t, err)
	kill := texts.Format(MsgGunKills, "gun", "pistol", "victim", "car")
	opening := kill[:strings.Index(kill, "pistol")+len("pistol ")]
	for _, id := range []TextID{MsgGunHits, MsgGunHitsMany, MsgMissed} {
		line := texts.Format(id, "gun", "pistol", "victim", "car", "n", 1, "max", 2, "count", 2)
		assert.True(t, strings.HasPrefix(line, opening), "%s reads %q, the kill line opens %q", id, line, opening)
	}
}

// TestEveryAttributeHasALegendName: the legend names the attribute of any
// role without colour, so each attribute colours.toml accepts has a text.
func TestEveryAttributeHasALegendName(t *testing.T) {
	texts, err := LoadTexts()
	require.NoError(t, err)
	for a := AttrNone; a <= AttrUnderline; a++ {
		assert.True(t, texts.Has(LegendAttr(a)), "no legend name for %s", a)
	}
}
