package book

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBookChecksAreTheConstructorsOwn pins how Book calls the rule
// constructors: each rule's check must be the closure compiled with its
// constructor (book.Collision.func1), not a copy made by inlining the
// constructor into Book (book.Book.Collision.func19), in which the compiler
// inlines nothing and every flag's read is a call.
func TestBookChecksAreTheConstructorsOwn(t *testing.T) {
	f := fxNew()
	for _, r := range Book(&f.env) {
		fn := runtime.FuncForPC(reflect.ValueOf(r.Check).Pointer())
		if !assert.NotNil(t, fn, r.Name) {
			continue
		}
		assert.False(t, strings.Contains(fn.Name(), "book.Book."), "%s: %s", r.Name, fn.Name())
	}
}
