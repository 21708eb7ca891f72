package ui

import (
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
)

// Rows D3, E1 and E3 of testdata/bench/SUITE.md.

// BenchmarkRenderTurn is D3: the Show calls of one animated turn (a
// railgun burst, paced by a clock that does not really sleep), against
// the most its animation may need, one a display frame plus the final
// one, and against the actions it commits.
func BenchmarkRenderTurn(b *testing.B) {
	b.Run("Shows/railgun", func(b *testing.B) {
		var shows, commits, anim int
		for b.Loop() {
			clock := &fakeClock{now: time.Unix(0, 0)}
			h := newHarness(b, 80, 24, Options{Clock: clock})
			g := h.startRun()
			mountOnRoad(g, geom.East, "railgun")
			c, ms := countCommits(g, h.app.anim.listener())
			h.press(h.keyFor(assets.ActionFire))
			before := h.app.term.shows
			// On the aim prompt the driving key east aims east.
			h.press(h.keyFor(assets.ActionAccelerate))
			shows, commits, anim = h.app.term.shows-before, *c, *ms
		}
		b.ReportMetric(float64(shows), "shows/turn")
		b.ReportMetric(float64((anim+frameMs-1)/frameMs+1), "budget-shows/turn")
		b.ReportMetric(float64(commits), "commits/turn")
		b.ReportMetric(float64(anim), "anim-ms/turn")
	})
}

// keyTty is a terminal for tcell's real screen that types the bytes it is
// given and reports each frame it is sent, so a benchmark can time a key
// from the moment its bytes arrive to the moment the frame they cause is
// written.
type keyTty struct {
	w, h    int
	keys    chan []byte
	wrote   chan struct{}
	stopped chan struct{}
	once    sync.Once
}

func newKeyTty(w, h int) *keyTty {
	return &keyTty{w: w, h: h, keys: make(chan []byte), wrote: make(chan struct{}, 64), stopped: make(chan struct{})}
}

func (t *keyTty) Start() error        { return nil }
func (t *keyTty) Stop() error         { return nil }
func (t *keyTty) Drain() error        { t.once.Do(func() { close(t.stopped) }); return nil }
func (t *keyTty) NotifyResize(func()) {}
func (t *keyTty) Close() error        { return nil }

func (t *keyTty) WindowSize() (tcell.WindowSize, error) {
	return tcell.WindowSize{Width: t.w, Height: t.h}, nil
}

func (t *keyTty) Read(p []byte) (int, error) {
	select {
	case k := <-t.keys:
		return copy(p, k), nil
	case <-t.stopped:
		return 0, io.EOF
	}
}

// frameEnd closes tcell's synchronized update: a frame reaches xterm as
// its cells, then this mark, written apart once the cells are out, and
// the terminal shows the frame when the mark arrives.
const frameEnd = "\x1b[?2026l"

// Write reports the writes that end a frame. The mark is a write of its
// own after the frame's cells: reporting the cells' write instead would
// let the mark, arriving a moment later, pass for the next key's frame.
func (t *keyTty) Write(p []byte) (int, error) {
	if strings.HasSuffix(string(p), frameEnd) {
		select {
		case t.wrote <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// forget drops the frames reported so far.
func (t *keyTty) forget() {
	for {
		select {
		case <-t.wrote:
		default:
			return
		}
	}
}

// e2eApp is an App on tcell's xterm screen over a keyTty, playing seed on
// the road with turns resolved instantly, its loop running.
type e2eApp struct {
	b    *testing.B
	app  *App
	tty  *keyTty
	scr  tcell.Screen
	done chan struct{}
}

// startE2E starts the App and returns once its first frame is out, so the
// first key is timed from a screen that shows the road, as a player's is.
// It then collects the garbage: a new screen, game and App are the
// benchmark's own way to a new road, not a player's, and the collection
// their allocations set off would otherwise run during the first key.
func startE2E(b *testing.B, data *assets.Data, seed uint64) *e2eApp {
	b.Helper()
	ti, err := tcell.LookupTerminfo("xterm-256color")
	require.NoError(b, err)
	tty := newKeyTty(80, 24)
	scr, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, ti)
	require.NoError(b, err)
	require.NoError(b, scr.Init())
	tty.forget()
	e := &e2eApp{b: b, tty: tty, scr: scr, done: make(chan struct{})}
	e.app = New(scr, data, Options{Instant: true, Start: game.New(data, seed)})
	go func() {
		defer close(e.done)
		_ = e.app.Loop()
	}()
	within(b, tty.wrote, "the first frame")
	runtime.GC()
	return e
}

func (e *e2eApp) stop() {
	// Let the frame in flight be written first: finalising the screen while
	// the loop is inside Show leaves tcell drawing a screen that is gone,
	// for ever. The loop is idle once nothing has been written for a while.
	for idle := false; !idle; {
		select {
		case <-e.tty.wrote:
		case <-time.After(100 * time.Millisecond):
			idle = true
		}
	}
	e.scr.Fini()
	within(e.b, e.done, "the loop to end")
}

// e2eKeys is how many keys an operation of E1 times, so that its
// quantiles stand on a thousand keys whatever the benchmark time: at
// 200 ms a key an operation, the 99th percentile of a run would be its
// second or third slowest key.
const e2eKeys = 1000

// BenchmarkE2E is E1: inject the bytes of the wait key and time until the
// frame the turn produces has been written, a thousand keys an operation
// (ns/key is the mean), starting a new run whenever one leaves the road.
// Starting a run is untimed and waits for its first frame and the garbage
// collection it sets off, so no key is timed from a screen still being set
// up; the key that arrives at a camp
// or ends the run is timed, with the screen it brings. Animation is off
// (Instant), so the figures exclude the time a player chooses to watch
// bullets fly.
func BenchmarkE2E(b *testing.B) {
	b.Run("KeyToFlush", func(b *testing.B) {
		data := loadData(b)
		seed := uint64(1)
		e := startE2E(b, data, seed)
		var lat []time.Duration
		for b.Loop() {
			for range e2eKeys {
				if e.app.game.Phase() != act.PhaseRoad {
					b.StopTimer()
					e.stop()
					seed++
					e = startE2E(b, data, seed)
					b.StartTimer()
				}
				start := time.Now()
				e.tty.keys <- []byte(".")
				select {
				case <-e.tty.wrote:
					lat = append(lat, time.Since(start))
				case <-time.After(5 * time.Second):
					b.Fatalf("seed %d: no frame written after a key", seed)
				}
			}
		}
		b.StopTimer()
		e.stop()
		slices.Sort(lat)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(len(lat), 1)), "ns/key")
		b.ReportMetric(float64(quantile(lat, 0.50).Microseconds()), "p50-us")
		b.ReportMetric(float64(quantile(lat, 0.99).Microseconds()), "p99-us")
	})
}

// quantile returns the q-th quantile of sorted durations.
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// BenchmarkReplay is E3: golden recordings played through the App at
// 80x24 on tcell's real screen, one recorded turn per iteration, with the
// time spent drawing each turn (compose and flush) reported apart from the
// simulation. At the viewer's fastest pace a turn may take 1 ms to draw.
func BenchmarkReplay(b *testing.B) {
	b.Run("Visible/80x24", func(b *testing.B) {
		data := loadData(b)
		files, err := filepath.Glob(filepath.Join("..", "testdata", "replays", "*.rec"))
		require.NoError(b, err)
		require.NotEmpty(b, files)
		screen, tty := ttyScreen(b, 80, 24)
		a := New(screen, data, Options{Instant: true})
		var rec *archive.Recording
		next, turn := 0, 0
		var draw time.Duration
		var draws []time.Duration
		before := tty.bytes()
		for b.Loop() {
			if rec == nil || turn == len(rec.Steps) {
				rec, err = archive.LoadRecording(files[next%len(files)])
				require.NoError(b, err)
				next++
				turn = 0
				a.begin(game.New(data, rec.Seed))
			}
			a.do(rec.Steps[turn].Cmd)
			turn++
			start := time.Now()
			a.redraw(false)
			d := time.Since(start)
			draw += d
			draws = append(draws, d)
		}
		n := float64(max(len(draws), 1))
		slices.Sort(draws)
		b.ReportMetric(float64(draw.Microseconds())/n, "render-us/turn")
		b.ReportMetric(float64(quantile(draws, 0.99).Microseconds()), "render-p99-us")
		b.ReportMetric(float64(tty.bytes()-before)/n, "bytes/turn")
	})
}
