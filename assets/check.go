package assets

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// validator is a decoded data file that can check its own values.
type validator interface {
	Validate() error
}

// loadEmbedded decodes one embedded file strictly into v and validates it.
// Every error it returns starts with the file name.
func loadEmbedded(name string, v validator) error {
	data, err := files.ReadFile(name)
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	return parseValidated(name, data, v)
}

// loadFile reads the embedded file name into a new T and validates it.
func loadFile[T any, P interface {
	*T
	validator
}](name string) (T, error) {
	var v T
	if err := loadEmbedded(name, P(&v)); err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// identified is an entry of a list in a data file, named by its id.
type identified interface {
	identity() string
}

// byID returns the entry of list with the given id, and false if there is
// none. The lists are short, so a scan is enough.
func byID[T identified](list []T, id string) (T, bool) {
	for _, v := range list {
		if v.identity() == id {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// eachEntry checks that every entry of a list has a well-formed id that no
// other entry shares, then runs check on it with a label that names it.
func eachEntry[T identified](p *problems, kind string, list []T, check func(v T, where string)) {
	seen := map[string]bool{}
	for _, v := range list {
		id := v.identity()
		p.id(kind+" id", id)
		p.unique(kind, id, seen)
		check(v, fmt.Sprintf("%s %q", kind, id))
	}
}

// parseValidated decodes TOML text strictly into v and validates it, exactly
// as loadEmbedded does for an embedded file. Tests feed it small texts.
func parseValidated(name string, data []byte, v validator) error {
	if err := DecodeStrict(name, data, v); err != nil {
		return err
	}
	return validateNamed(name, data, v)
}

// validateNamed runs v's checks and puts the file name in front of each
// problem, and the line too for a key that names nothing known.
func validateNamed(name string, data []byte, v validator) error {
	err := v.Validate()
	if err == nil {
		return nil
	}
	var out []error
	for _, e := range splitJoined(err) {
		var unknown unknownKeyError
		if errors.As(e, &unknown) {
			out = append(out, fmt.Errorf("%s:%d: %w", name, keyLine(data, unknown.key), e))
			continue
		}
		out = append(out, fmt.Errorf("%s: %w", name, e))
	}
	return errors.Join(out...)
}

// splitJoined returns the errors that errors.Join combined into err, or err
// alone.
func splitJoined(err error) []error {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		return joined.Unwrap()
	}
	return []error{err}
}

// unknownKeyError is a key in a table of free-form keys (texts, colour
// roles) that names nothing the game knows. The strict decoder cannot catch
// those, since any key fits a map.
type unknownKeyError struct {
	key toml.Key
}

func (e unknownKeyError) Error() string {
	return fmt.Sprintf("unknown key %q", e.key.String())
}

// problems collects every bad value in one file, so a broken file reports
// all of its mistakes at once instead of one per run.
type problems struct {
	errs []error
}

func (p *problems) addf(format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf(format, args...))
}

// atLeast records a problem when v is below lo.
func (p *problems) atLeast(field string, v, lo int) {
	if v < lo {
		p.addf("%s is %d, must be at least %d", field, v, lo)
	}
}

// within records a problem when v lies outside lo..hi.
func (p *problems) within(field string, v, lo, hi int) {
	if v < lo || v > hi {
		p.addf("%s is %d, must be in %d..%d", field, v, lo, hi)
	}
}

// nonEmpty records a problem when s is empty.
func (p *problems) nonEmpty(field, s string) {
	if s == "" {
		p.addf("%s must not be empty", field)
	}
}

// id records a problem when s is not a lower-case identifier, the form
// every id in the data files takes so they can be written without quotes
// and compared exactly.
func (p *problems) id(field, s string) {
	if !isID(s) {
		p.addf("%s %q must be lower-case letters, digits and underscores, starting with a letter", field, s)
	}
}

// unique records a problem when id was already seen under the same kind.
func (p *problems) unique(kind, id string, seen map[string]bool) {
	if seen[id] {
		p.addf("%s %q is defined twice", kind, id)
	}
	seen[id] = true
}

// unknownKey records a key that names nothing known.
func (p *problems) unknownKey(path ...string) {
	p.errs = append(p.errs, unknownKeyError{key: toml.Key(path)})
}

func (p *problems) err() error {
	return errors.Join(p.errs...)
}

func isID(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// singleRune returns the only rune of s, and false when s holds no rune or
// more than one.
func singleRune(s string) (rune, bool) {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || size != len(s) || r == utf8.RuneError {
		return 0, false
	}
	return r, true
}
