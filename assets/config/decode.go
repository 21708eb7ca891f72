package config

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"

	"lastpost/assets"
)

// value is one setting's value as the file gives it. Its UnmarshalTOML
// checks the type and the range, so the TOML decoder can add where in the
// file the value stands; apply puts it into a Config.
type value interface {
	toml.Unmarshaler
	apply(c *Config, key toml.Key)
}

// node is one table of the config's schema, or one setting.
type node struct {
	noun     string   // what a child is called in messages
	names    []string // the children in the order messages list them
	children map[string]*node
	leaf     func() value // makes the value of a setting; nil for tables
}

// child is a named entry of a table.
type child struct {
	name string
	node *node
}

func table(noun string, kids ...child) *node {
	n := &node{noun: noun, children: make(map[string]*node, len(kids))}
	for _, k := range kids {
		n.names = append(n.names, k.name)
		n.children[k.name] = k.node
	}
	return n
}

func setting(make func() value) *node { return &node{leaf: make} }

// schema is the config file's shape. Actions and colour roles come from
// the embedded assets, so the file can name exactly what the game has.
func schema(data *assets.Data) *node {
	contexts := make([]child, len(keyContexts))
	for i, kc := range keyContexts {
		contexts[i] = child{kc.name, actionTable(data.Keys.Context(kc.ctx))}
	}
	return table("section",
		child{"keys", table("key context", contexts...)},
		child{"colours", table("colour setting",
			child{"palette", setting(func() value { return new(paletteValue) })},
			child{"role", roleTable()},
		)},
		child{"animation", table("animation setting",
			child{"speed", setting(func() value { return new(speedValue) })},
		)},
		child{"display", table("display setting",
			child{"log_lines", setting(func() value { return new(linesValue) })},
		)},
		child{"play", table("play setting",
			child{"confirm_give_up", setting(func() value { return new(flagValue) })},
		)},
	)
}

func actionTable(bindings []assets.Binding) *node {
	kids := make([]child, len(bindings))
	for i, b := range bindings {
		kids[i] = child{string(b.Action), setting(func() value { return new(keyList) })}
	}
	return table("action", kids...)
}

func roleTable() *node {
	fields := func() *node {
		return table("colour field",
			child{"fg", setting(func() value { return &colourIndex{} })},
			child{"bg", setting(func() value { return &colourIndex{orDefault: true} })},
			child{"fallback", setting(func() value { return &basicValue{} })},
			child{"fallback_bg", setting(func() value { return &basicValue{orDefault: true} })},
			child{"mono", setting(func() value { return new(attrValue) })},
		)
	}
	kids := make([]child, len(assets.Roles))
	for i, r := range assets.Roles {
		kids[i] = child{string(r), fields()}
	}
	return table("colour role", kids...)
}

// unknown words the message for a name the table does not have.
func (n *node) unknown() string {
	return fmt.Sprintf("unknown %s (use %s)", n.noun, orList(n.names))
}

// orList writes "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// document is a config file being read: its text, the TOML decoder's
// metadata, and the settings found so far, in file order.
type document struct {
	name     string
	text     []byte
	md       toml.MetaData
	root     map[string]toml.Primitive
	tables   map[string]map[string]toml.Primitive
	settings []found
}

// found is a setting the file gives.
type found struct {
	key   toml.Key
	value value
}

// decode parses the text and checks every key against the schema in file
// order, so the first problem in the file is the one reported.
func decode(name string, text []byte, data *assets.Data) (*document, error) {
	d := &document{name: name, text: text, tables: map[string]map[string]toml.Primitive{}}
	md, err := toml.Decode(string(text), &d.root)
	if err != nil {
		return nil, d.syntaxError(err)
	}
	d.md = md
	root := schema(data)
	for _, k := range md.Keys() {
		if err := d.visit(root, k); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// visit checks one key the file sets: every part must be known, a table
// must be a table, and a setting's value must be valid.
func (d *document) visit(root *node, k toml.Key) error {
	n := root
	for i, part := range k {
		next, ok := n.children[part]
		if !ok {
			return d.failAt(k, k[:i+1], n.unknown())
		}
		n = next
		if n.leaf == nil {
			continue
		}
		v := n.leaf()
		if err := d.decodeAt(k[:i+1], k, v); err != nil {
			return err
		}
		if i < len(k)-1 {
			return d.failAt(k, k[:i+1], "is a setting, not a table")
		}
		d.settings = append(d.settings, found{key: k, value: v})
		return nil
	}
	return d.decodeAt(k, k, new(tableCheck))
}

// decodeAt decodes the value at path into v; explicit is the key the file
// names, whose place stands in when path's own is unknown.
func (d *document) decodeAt(path, explicit toml.Key, v toml.Unmarshaler) error {
	prim, ok := d.primitive(path)
	if !ok {
		return d.failAt(explicit, path, "cannot be read")
	}
	err := d.md.PrimitiveDecode(prim, v)
	if err == nil {
		return nil
	}
	e := &Error{File: d.name, Key: path.String(), Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		e.Msg, e.Line = pe.Message, pe.Position.Line
		if _, isTable := v.(*tableCheck); !isTable && d.md.Type(path...) != "Hash" {
			// The decoder's column is good for values; for tables it
			// points past the header.
			e.Col = pe.Position.Col
		}
	}
	if e.Line == 0 {
		e.Line, e.Col = d.line(explicit), 0
	}
	return e
}

// primitive finds the undecoded value at path.
func (d *document) primitive(path toml.Key) (toml.Primitive, bool) {
	t := d.root
	for i, part := range path {
		p, ok := t[part]
		if !ok {
			return toml.Primitive{}, false
		}
		if i == len(path)-1 {
			return p, true
		}
		if t, ok = d.table(path[:i+1], p); !ok {
			return toml.Primitive{}, false
		}
	}
	return toml.Primitive{}, false
}

// table decodes the table at path one level deep, once.
func (d *document) table(path toml.Key, p toml.Primitive) (map[string]toml.Primitive, bool) {
	key := path.String()
	if t, ok := d.tables[key]; ok {
		return t, true
	}
	var t map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(p, &t); err != nil {
		return nil, false
	}
	d.tables[key] = t
	return t, true
}

// failAt is a problem with path, placed on the line of the key explicit.
func (d *document) failAt(explicit, path toml.Key, msg string) error {
	return &Error{File: d.name, Line: d.line(explicit), Key: path.String(), Msg: msg}
}

// line finds the line on which the file sets k: where the decoder saw it,
// or failing that, where a header or an assignment names it.
func (d *document) line(k toml.Key) int {
	if prim, ok := d.primitive(k); ok {
		var pe toml.ParseError
		if err := d.md.PrimitiveDecode(prim, new(failing)); errors.As(err, &pe) && pe.Position.Line > 0 {
			return pe.Position.Line
		}
	}
	return assets.KeyLine(d.text, k)
}

// syntaxError places a TOML syntax error.
func (d *document) syntaxError(err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return &Error{File: d.name, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	msg := pe.Message
	if msg == "" {
		msg = pe.Error()
	}
	key := pe.LastKey
	// The library names a key or section given twice only inside its own
	// sentence, and its LastKey is the parent's (or none): the message
	// names the key itself, in the key: part like every other.
	if m := definedTwice.FindStringSubmatch(msg); m != nil {
		key, msg = m[1], "given twice; each section and key may appear only once"
	}
	return &Error{File: d.name, Line: pe.Position.Line, Col: pe.Position.Col, Key: key, Msg: msg}
}

// definedTwice is the library's message for a key or section given twice.
var definedTwice = regexp.MustCompile(`^Key '([^']*)' has already been defined\.?$`)

// checkBindings refuses a key that the file binds to an action when it
// already triggers another in the same context, whether the file or the
// defaults bound it there, and names the later binding in the file.
func (d *document) checkBindings(k assets.Keys) error {
	for _, kc := range keyContexts {
		if err := d.checkContext(k, kc.name, kc.ctx); err != nil {
			return err
		}
	}
	return nil
}

func (d *document) checkContext(k assets.Keys, name string, c assets.Context) error {
	var set []found
	isSet := map[assets.Action]bool{}
	for _, s := range d.settings {
		if len(s.key) == 3 && s.key[0] == "keys" && s.key[1] == name {
			set = append(set, s)
			isSet[assets.Action(s.key[2])] = true
		}
	}
	owner := map[assets.Key]assets.Action{}
	for _, b := range k.Context(c) {
		if !isSet[b.Action] {
			for _, key := range b.Keys {
				owner[key] = b.Action
			}
		}
	}
	for _, s := range set {
		a := assets.Action(s.key[2])
		for _, key := range *s.value.(*keyList) {
			other, taken := owner[key]
			if !taken {
				owner[key] = a
				continue
			}
			msg := fmt.Sprintf("%s is already bound to %s", key, other)
			if !isSet[other] {
				msg += fmt.Sprintf(" by default; bind %s to other keys here too", other)
			}
			return d.failAt(s.key, s.key, msg)
		}
	}
	return nil
}

// failing is decoded only to learn where a key stands.
type failing struct{}

func (*failing) UnmarshalTOML(any) error { return errors.New("where") }

// tableCheck accepts a table and refuses anything else.
type tableCheck struct{}

func (*tableCheck) UnmarshalTOML(v any) error {
	if _, ok := v.(map[string]any); !ok {
		return fmt.Errorf("must be a table, not %s", describe(v))
	}
	return nil
}
