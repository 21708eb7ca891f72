package ui

import (
	"bytes"
	"errors"
	"fmt"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/archive"
)

func TestExitCode(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name string
		err  error
		code int
		line string // a part of what goes to stderr
	}{
		{"fine", nil, 0, ""},
		{"stopped and saved", &Interrupted{Signal: syscall.SIGTERM, Saved: true}, 143, "SIGTERM"},
		{"interrupted", &Interrupted{Signal: syscall.SIGINT}, 130, "SIGINT"},
		{"desync", fmt.Errorf("replay: %w", &archive.DesyncError{Turn: 3}), 1, "desync at command 3"},
		{"another logic", &archive.VersionError{File: "a.rec", Line: 2, Recorded: 0}, 2, "a.rec:2: recorded with logic version 0"},
		{"no terminal", fmt.Errorf("%w: boom", ErrTerminal), 1, "boom"},
		{"anything else", errors.New("the rules broke"), 1, "lastpost: the rules broke"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			assert.Equal(t, tt.code, ExitCode(data, tt.err, &stderr))
			assert.Contains(t, stderr.String(), tt.line)
			if tt.err == nil {
				assert.Empty(t, stderr.String())
			}
		})
	}
}

func TestPanicOf(t *testing.T) {
	forwarded := &Panic{Value: "worker broke", Stack: []byte("goroutine 7 [running]:\n")}
	tests := []struct {
		name      string
		r         any
		value     any
		stackHead string
	}{
		{"forwarded from another goroutine", forwarded, "worker broke", "goroutine 7 [running]:"},
		{"wrapped on its way", fmt.Errorf("front end: %w", forwarded), "worker broke", "goroutine 7 [running]:"},
		{"from this goroutine", "index out of range", "index out of range", "goroutine "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			value, stack := PanicOf(tt.r)
			assert.Equal(t, tt.value, value)
			assert.True(t, bytes.HasPrefix(stack, []byte(tt.stackHead)), "%s", stack)
		})
	}
}
