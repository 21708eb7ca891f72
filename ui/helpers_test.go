package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// loadData loads the game's data or stops the test.
func loadData(t testing.TB) *assets.Data {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	return data
}

// harness is an App on a simulation screen, driven by injected keys.
type harness struct {
	t      testing.TB
	app    *App
	screen tcell.SimulationScreen
}

// newHarness builds an App on a w x h simulation screen. Unless the options
// give a clock, turns resolve instantly.
func newHarness(t testing.TB, w, h int, opts Options) *harness {
	t.Helper()
	return newHarnessWith(t, loadData(t), w, h, opts)
}

func newHarnessWith(t testing.TB, data *assets.Data, w, h int, opts Options) *harness {
	t.Helper()
	s := tcell.NewSimulationScreen("")
	require.NoError(t, s.Init())
	t.Cleanup(s.Fini)
	s.SetSize(w, h)
	if opts.Clock == nil {
		opts.Instant = true
	}
	if opts.Hooks.NewSeed == nil {
		opts.Hooks.NewSeed = func() uint64 { return 1 }
	}
	a := New(s, data, opts)
	a.redraw(false)
	return &harness{t: t, app: a, screen: s}
}

// key is a key press to inject.
type key struct {
	k   tcell.Key
	r   rune
	mod tcell.ModMask
}

func runeKey(r rune) key { return key{k: tcell.KeyRune, r: r} }

var (
	keyEsc   = key{k: tcell.KeyEscape}
	keyEnter = key{k: tcell.KeyEnter}
	keyUp    = key{k: tcell.KeyUp}
	keyDown  = key{k: tcell.KeyDown}
	keyRight = key{k: tcell.KeyRight}
	keyTab   = key{k: tcell.KeyTab}
	keyPgDn  = key{k: tcell.KeyPgDn}
	keyCtrlP = key{k: tcell.KeyCtrlP, r: 'p', mod: tcell.ModCtrl}
)

// press injects each key and lets the App handle it before the next, so the
// simulation's small event queue never fills.
func (h *harness) press(keys ...key) {
	h.t.Helper()
	for _, k := range keys {
		h.screen.InjectKey(k.k, k.r, k.mod)
		h.app.pump()
	}
}

// typeKeys presses one rune key per character.
func (h *harness) typeKeys(s string) {
	h.t.Helper()
	for _, r := range s {
		h.press(runeKey(r))
	}
}

// resize changes the screen size and posts the event a terminal would.
func (h *harness) resize(w, height int) {
	h.screen.SetSize(w, height)
	require.NoError(h.t, h.screen.PostEvent(tcell.NewEventResize(w, height)))
	h.app.pump()
}

// text returns what the terminal shows, one line per row, trailing blanks
// trimmed. It copies the simulation's live buffer first.
func (h *harness) text() string {
	cells, w, height := h.screen.GetContents()
	cells = append([]tcell.SimCell(nil), cells...)
	var b strings.Builder
	for y := range height {
		var row strings.Builder
		for x := range w {
			c := cells[y*w+x]
			if len(c.Runes) == 0 || c.Runes[0] == 0 {
				row.WriteByte(' ')
				continue
			}
			row.WriteRune(c.Runes[0])
		}
		b.WriteString(strings.TrimRight(row.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// contains checks that the screen shows each of the strings.
func (h *harness) contains(subs ...string) {
	h.t.Helper()
	h.shows(true, subs)
}

// lacks checks that the screen shows none of the strings.
func (h *harness) lacks(subs ...string) {
	h.t.Helper()
	h.shows(false, subs)
}

// flat is what the terminal shows with every run of blanks and line ends
// made one space, so a text wrapped over several rows reads whole.
func (h *harness) flat() string { return strings.Join(strings.Fields(h.text()), " ") }

func (h *harness) shows(want bool, subs []string) {
	h.t.Helper()
	screen := h.text()
	for _, s := range subs {
		if strings.Contains(screen, s) != want {
			h.t.Fatalf("screen showing %q is %v, want %v:\n%s", s, !want, want, screen)
		}
	}
}

// startRun opens a run with the given seed from the title screen's hook.
func (h *harness) startRun() *game.Game {
	h.t.Helper()
	h.contains(h.app.text(assets.TitleNewGame))
	h.selectItem(h.app.text(assets.TitleNewGame))
	require.NotNil(h.t, h.app.game)
	return h.app.game
}

// selectItem moves a menu's selection to the item with the label and
// chooses it.
func (h *harness) selectItem(label string) {
	h.t.Helper()
	h.highlight(label)
	h.press(keyEnter)
}

// highlight moves a menu's selection to the item with the label.
func (h *harness) highlight(label string) {
	h.t.Helper()
	m, ok := h.app.top().(*menuView)
	require.True(h.t, ok, "top view is not a menu")
	page := m.build(h.app)
	for i, it := range page.items {
		if it.label == label {
			for m.sel != i {
				h.press(keyDown)
			}
			return
		}
	}
	h.t.Fatalf("menu has no item %q:\n%s", label, h.text())
}

// keyFor is the first key bound to a gameplay action, as a key press.
func (h *harness) keyFor(a assets.Action) key {
	h.t.Helper()
	keys := h.app.data.Keys.KeysFor(a)
	require.NotEmpty(h.t, keys, "no key for %s", a)
	return pressOf(keys[0])
}

// pressOf turns a binding's key into the key press a terminal would send.
func pressOf(k assets.Key) key {
	switch k.Special {
	case assets.SpecialUp:
		return keyUp
	case assets.SpecialDown:
		return keyDown
	case assets.SpecialLeft:
		return key{k: tcell.KeyLeft}
	case assets.SpecialRight:
		return keyRight
	case assets.SpecialEnter:
		return keyEnter
	case assets.SpecialEsc:
		return keyEsc
	case assets.SpecialTab:
		return key{k: tcell.KeyTab}
	case assets.SpecialBackspace:
		return key{k: tcell.KeyBackspace}
	}
	if k.Ctrl {
		return key{k: tcell.KeyCtrlA + tcell.Key(k.Rune-'a'), r: k.Rune, mod: tcell.ModCtrl}
	}
	return runeKey(k.Rune)
}

// fakeClock is a clock whose time moves only when it sleeps.
type fakeClock struct {
	now   time.Time
	slept time.Duration
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(d time.Duration) {
	c.now = c.now.Add(d)
	c.slept += d
}

// carry puts items into the van's inventory straight into the world, after
// what it carries already, as a save would restore them.
func carry(g *game.Game, items ...string) {
	w := g.World()
	a := w.NewAction()
	rank := len(g.Inventory()) + 100
	for i, id := range items {
		e := a.Spawn()
		vocab.Item.Set(a, e, id)
		vocab.Rank.Set(a, e, rank+i)
	}
	w.Commit(a)
}

// statusLine returns the screen's line that holds the van's status, or ""
// if none shows.
func (h *harness) statusLine() string {
	for _, line := range strings.Split(h.text(), "\n") {
		if strings.HasPrefix(line, "HP ") {
			return line
		}
	}
	return ""
}

// stoppedWithATyreDown starts a run whose van has lost a tyre, carries a
// spare and has braked to a standstill, where a kit may be used.
func stoppedWithATyreDown(t *testing.T) (*harness, *game.Game) {
	t.Helper()
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	w, van := g.World(), g.Van()
	change := w.NewAction()
	vocab.Tyres.Set(change, van, vocab.Stat{Cur: 3, Max: 4})
	w.Commit(change)
	carry(g, "spare_tyre")
	for vocab.Speed.Value(w, van) > 0 {
		h.press(h.keyFor(assets.ActionDecelerate))
	}
	return h, g
}

// startDrawn begins a run of seed 1 on the road drawn by rows, in the
// legend of game.NewOnDrawnRoad, as Continue begins a loaded run: the
// situation is the drawing's whatever the content's spawn tables say.
func (h *harness) startDrawn(rows ...string) *game.Game {
	h.t.Helper()
	g, err := game.NewOnDrawnRoad(h.app.data, 1, strings.Join(rows, "\n"))
	require.NoError(h.t, err)
	h.app.begin(g)
	h.app.redraw(false)
	return g
}

// roadWidth is the length of the drawn roads of roadWith.
const roadWidth = 40

// roadWith draws an open road of five lanes, roadWidth cells long, whose
// middle lane begins with middle (the van's '@' among it) and is open after.
func roadWith(middle string) []string {
	open := strings.Repeat(".", roadWidth)
	return []string{open, open, middle + open[len(middle):], open, open}
}

// firstEnemy is the first enemy of the data that fits, so a drawn road
// names its enemies by the data rather than by id: content added later
// goes last and changes no pick.
func firstEnemy(t testing.TB, data *assets.Data, what string, fits func(assets.Enemy) bool) assets.Enemy {
	t.Helper()
	for _, e := range data.Enemies.List {
		if fits(e) {
			return e
		}
	}
	t.Fatalf("the data has no enemy that is %s", what)
	return assets.Enemy{}
}

// walks reports whether an enemy walks.
func walks(e assets.Enemy) bool { return e.Movement == assets.MovementWalk }

// drawn puts enemy e's map character wherever a row has mark.
func drawn(e assets.Enemy, mark string, rows ...string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.ReplaceAll(r, mark, string(e.MapChar()))
	}
	return out
}

// campRoad is the drawn road of atCamp: one lane without letters, whose
// last column, where the delivery ends, the van reaches by waiting at the
// data's starting speed.
const campRoad = "@.."

// campBank is the van's bank at the end of campRoad: the start bank and
// the pay for a delivery without letters.
func campBank(data *assets.Data) int { return data.Campaign.StartBank + data.Campaign.PayBase }

// campStock is the stock atCamp's camp lays out, picked from the data by
// what campBank covers and the van starts with: the offers every camp
// has, then campGun, the first gun the bank does not cover, the first
// consumable, the first armour no better than the van's (a row the trader
// will not sell) and the first better one. Content added later goes last
// in its list and changes no pick.
func campStock(t testing.TB, data *assets.Data) []string {
	t.Helper()
	bank, armour := campBank(data), data.Van.Armour
	picks := []struct {
		what string
		fits func(assets.Offer) bool
	}{
		{"a gun too dear for the camp's bank", func(o assets.Offer) bool { return o.Kind == assets.OfferGun && o.Price > bank }},
		{"a consumable", func(o assets.Offer) bool { return o.Kind == assets.OfferConsumable }},
		{"armour no better than the van's", func(o assets.Offer) bool { return o.Kind == assets.OfferArmour && o.Level <= armour }},
		{"armour better than the van's", func(o assets.Offer) bool { return o.Kind == assets.OfferArmour && o.Level > armour }},
	}
	ids := append(slices.Clone(data.Shop.Always), campGun(t, data).ID)
	for _, p := range picks {
		ids = append(ids, firstOffer(t, data, p.what, p.fits).ID)
	}
	return ids
}

// campGun is the gun offer of campStock that the camp's bank covers: the
// first gun of the shop the van does not start with and campBank pays for.
func campGun(t testing.TB, data *assets.Data) assets.Offer {
	t.Helper()
	started := func(o assets.Offer) bool {
		return slices.ContainsFunc(data.Van.StartGuns, func(m assets.Mount) bool { return m.Gun == o.Gun })
	}
	return firstOffer(t, data, "a gun the camp's bank covers", func(o assets.Offer) bool {
		return o.Kind == assets.OfferGun && o.Price <= campBank(data) && !started(o)
	})
}

// firstOffer is the first offer of the data's shop that fits.
func firstOffer(t testing.TB, data *assets.Data, what string, fits func(assets.Offer) bool) assets.Offer {
	t.Helper()
	i := slices.IndexFunc(data.Shop.Offers, fits)
	require.GreaterOrEqual(t, i, 0, "the shop has no offer that is %s", what)
	return data.Shop.Offers[i]
}

// stockedWith is a copy of data whose camps lay out exactly the offers
// with the ids, in that order: its shop holds only those offers, each
// always on sale, and a stock of their number. The camp's restock action
// lays them out through the rules as it lays out any draw.
func stockedWith(t testing.TB, data *assets.Data, ids ...string) *assets.Data {
	t.Helper()
	d := *data
	d.Shop.Offers = nil
	for _, id := range ids {
		o, ok := data.Shop.Offer(id)
		require.True(t, ok, "the shop has no offer %q", id)
		if _, dup := d.Shop.Offer(id); !dup {
			d.Shop.Offers = append(d.Shop.Offers, o)
		}
	}
	d.Shop.Always = slices.Clone(ids)
	d.Shop.StockMin, d.Shop.StockMax = len(ids), len(ids)
	return &d
}

// atCamp opens a run on campRoad, with the data stocked with campStock,
// and waits through the keyboard until the van reaches the camp.
func atCamp(t *testing.T, opts Options) *harness {
	t.Helper()
	data := loadData(t)
	return atCampWith(t, stockedWith(t, data, campStock(t, data)...), opts)
}

// atCampWith opens a run on campRoad with data made by stockedWith and
// waits through the keyboard until the van reaches the camp, where the
// bank is campBank and the stock exactly stockedWith's offers.
func atCampWith(t *testing.T, data *assets.Data, opts Options) *harness {
	t.Helper()
	h := newHarnessWith(t, data, 80, 24, opts)
	h.reachCamp()
	require.Equal(t, campBank(data), h.app.game.Money(), "the bank at the camp")
	require.Equal(t, data.Shop.Always, h.app.game.Stock(), "the camp lays out the stock of stockedWith")
	return h
}

// reachCamp starts a run on the one-lane road (campRoad unless given)
// and waits until the van arrives at its end.
func (h *harness) reachCamp(road ...string) {
	h.t.Helper()
	lane := campRoad
	if len(road) > 0 {
		lane = road[0]
	}
	g := h.startDrawn(lane)
	for range len(lane) {
		if g.Phase() != act.PhaseRoad {
			break
		}
		h.press(h.keyFor(assets.ActionWait))
	}
	require.Equal(h.t, act.PhaseCamp, g.Phase(), "the van drove off the drawn road into the camp:\n%s", h.text())
}
