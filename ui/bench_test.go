package ui

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// benchSizes are the two screens the benchmarks use.
var benchSizes = []struct {
	name string
	w, h int
}{{"80x24", 80, 24}, {"200x60", 200, 60}}

// fakeTty is a terminal that counts the bytes written to it and never
// types anything, so tcell's real terminal screen can be measured.
type fakeTty struct {
	w, h    int
	mu      sync.Mutex
	written int
	drained chan struct{}
	once    sync.Once
}

func newFakeTty(w, h int) *fakeTty { return &fakeTty{w: w, h: h, drained: make(chan struct{})} }

func (t *fakeTty) Start() error        { return nil }
func (t *fakeTty) Stop() error         { return nil }
func (t *fakeTty) Drain() error        { t.once.Do(func() { close(t.drained) }); return nil }
func (t *fakeTty) NotifyResize(func()) {}
func (t *fakeTty) Close() error        { return nil }

func (t *fakeTty) WindowSize() (tcell.WindowSize, error) {
	return tcell.WindowSize{Width: t.w, Height: t.h}, nil
}

// Read blocks until the screen lets go of the terminal.
func (t *fakeTty) Read([]byte) (int, error) {
	// Not a test wait: a terminal read blocks until there is input, and the
	// screen drains it when it finishes.
	<-t.drained
	return 0, nil
}

func (t *fakeTty) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.written += len(p)
	t.mu.Unlock()
	return len(p), nil
}

func (t *fakeTty) bytes() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.written
}

// ttyScreen is tcell's terminal screen for xterm-256color on a fake tty.
func ttyScreen(b *testing.B, w, h int) (tcell.Screen, *fakeTty) {
	b.Helper()
	ti, err := tcell.LookupTerminfo("xterm-256color")
	require.NoError(b, err)
	tty := newFakeTty(w, h)
	s, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, ti)
	require.NoError(b, err)
	require.NoError(b, s.Init())
	b.Cleanup(s.Fini)
	return s, tty
}

// benchApp is an App on screen, in the middle of a delivery (seed 1, a few
// turns in, with something in the air).
func benchApp(b *testing.B, screen tcell.Screen) *App {
	b.Helper()
	a := New(screen, loadData(b), Options{Instant: true, Hooks: Hooks{NewSeed: func() uint64 { return 1 }}})
	a.newRun()
	for _, c := range "ll" {
		a.top().key(a, input{key: assets.Key{Rune: c}})
	}
	a.redraw(false)
	return a
}

// BenchmarkRender measures drawing. Compose (D1) builds the back buffer
// from the game state, against copying the same number of cells (aos).
// Show (D2) hands a frame to tcell's terminal screen on a fake tty: ours
// passes only changed cells, naive calls SetContent on every cell before
// Show, bare is Show with nothing to do. Clean frames repeat the last one,
// FewChanged alternate between the frames before and after a turn,
// FullDirty alternate between two frames that differ everywhere.
// bytes/op is what reached the terminal.
func BenchmarkRender(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("Compose/"+size.name+"/ours", func(b *testing.B) {
			a := benchApp(b, simScreen(b, size.w, size.h))
			b.ReportAllocs()
			for b.Loop() {
				a.compose()
			}
		})
		b.Run("Compose/"+size.name+"/aos", func(b *testing.B) {
			src := make([]Cell, size.w*size.h)
			dst := make([]Cell, len(src))
			b.ReportAllocs()
			for b.Loop() {
				copy(dst, src)
			}
		})
	}
	for _, kind := range []string{"Clean", "FewChanged", "FullDirty"} {
		for _, size := range benchSizes {
			frames := func(b *testing.B, a *App) [2]Grid { return benchFrames(b, a, kind) }
			b.Run(fmt.Sprintf("Show/%s/%s/ours", kind, size.name), func(b *testing.B) {
				screen, tty := ttyScreen(b, size.w, size.h)
				a := benchApp(b, screen)
				f := frames(b, a)
				runShow(b, tty, func(i int) { a.term.flush(&f[i%2], a.pal, false) })
			})
			b.Run(fmt.Sprintf("Show/%s/%s/naive", kind, size.name), func(b *testing.B) {
				screen, tty := ttyScreen(b, size.w, size.h)
				a := benchApp(b, screen)
				f := frames(b, a)
				runShow(b, tty, func(i int) { naiveFlush(screen, a.pal, &f[i%2]) })
			})
			if kind == "Clean" {
				b.Run(fmt.Sprintf("Show/%s/%s/bare", kind, size.name), func(b *testing.B) {
					screen, tty := ttyScreen(b, size.w, size.h)
					benchApp(b, screen)
					runShow(b, tty, func(int) { screen.Show() })
				})
			}
		}
	}
}

// simScreen is a w x h simulation screen that closes with the test or
// benchmark.
func simScreen(tb testing.TB, w, h int) tcell.Screen {
	s := tcell.NewSimulationScreen("")
	require.NoError(tb, s.Init())
	tb.Cleanup(s.Fini)
	s.SetSize(w, h)
	return s
}

// runShow times flush(i) for i = 0, 1, ... and reports the bytes written.
func runShow(b *testing.B, tty *fakeTty, flush func(i int)) {
	b.Helper()
	flush(0)
	flush(1)
	before := tty.bytes()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		flush(i)
		i++
	}
	b.ReportMetric(float64(tty.bytes()-before)/float64(max(i, 1)), "bytes/op")
}

// benchFrames composes the two frames a benchmark alternates between.
func benchFrames(b *testing.B, a *App, kind string) [2]Grid {
	b.Helper()
	var f [2]Grid
	a.compose()
	f[0] = cloneGrid(&a.grid)
	switch kind {
	case "Clean":
		f[1] = cloneGrid(&a.grid)
	case "FewChanged":
		a.top().key(a, input{key: assets.Key{Rune: '.'}})
		a.compose()
		f[1] = cloneGrid(&a.grid)
	default:
		f[1] = cloneGrid(&a.grid)
		for i := range f[1].Cells {
			f[1].Cells[i].R = '#'
		}
	}
	changed := 0
	for i := range f[0].Cells {
		if f[0].Cells[i] != f[1].Cells[i] {
			changed++
		}
	}
	b.Cleanup(func() { b.ReportMetric(float64(changed), "cells-changed") })
	return f
}

func cloneGrid(g *Grid) Grid {
	return Grid{W: g.W, H: g.H, Cells: append([]Cell(nil), g.Cells...)}
}

// naiveFlush is the baseline: every cell to tcell, then Show.
func naiveFlush(s tcell.Screen, pal *Palette, g *Grid) {
	for i, c := range g.Cells {
		s.SetContent(i%g.W, i/g.W, c.R, nil, pal.Terminal(c.S))
	}
	s.Show()
}

// BenchmarkPerTurnFrames (D3) counts the frames a railgun turn draws, with
// animation paced by a clock that does not really sleep, against the
// actions it commits: frames must stay within one per display frame.
func BenchmarkPerTurnFrames(b *testing.B) {
	var frames, commits, anim int
	for b.Loop() {
		clock := &fakeClock{now: time.Unix(0, 0)}
		h := newHarness(b, 80, 24, Options{Clock: clock})
		g := h.startRun()
		mountOnRoad(g, geom.East, "railgun")
		c, ms := countCommits(g, h.app.anim.listener())
		h.app.top().key(h.app, input{key: assets.Key{Rune: 'f'}})
		h.app.top().key(h.app, input{key: assets.Key{Rune: 'l'}})
		frames, commits, anim = h.app.anim.frames, *c, *ms
	}
	b.ReportMetric(float64(frames), "frames/turn")
	b.ReportMetric(float64(commits), "commits/turn")
	b.ReportMetric(float64(anim), "anim-ms/turn")
}
