package main

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCollectLessOften checks that headless runs collect less often and
// cap the heap, unless the player's GOGC or GOMEMLIMIT decides.
func TestCollectLessOften(t *testing.T) {
	cases := []struct {
		name, gogc, memlimit string
		wantPercent          int
		wantLimit            int64
	}{
		{"defaults", "", "", headlessGCPercent, headlessHeapLimitB},
		{"GOGC set", "150", "", 150, headlessHeapLimitB},
		{"GOMEMLIMIT set", "", "64MiB", headlessGCPercent, math.MaxInt64},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", tc.memlimit)
			percent := debug.SetGCPercent(150)
			limit := debug.SetMemoryLimit(math.MaxInt64)
			defer debug.SetGCPercent(percent)
			defer debug.SetMemoryLimit(limit)
			collectLessOften()
			assert.Equal(t, tc.wantPercent, debug.SetGCPercent(150), "GC percent")
			assert.Equal(t, tc.wantLimit, debug.SetMemoryLimit(math.MaxInt64), "memory limit")
		})
	}
}
