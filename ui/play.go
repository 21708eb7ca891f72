package ui

import (
	"slices"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// playLayout splits the screen for the road: the map on top, then the
// status line, then the last few log messages.
type playLayout struct {
	mapH, statusY, logY, logLines int
}

func (a *App) playLayout(g *Grid) playLayout {
	n := a.data.Display.LogLines
	status := max(g.H-n-1, 0)
	return playLayout{mapH: status, statusY: status, logY: status + 1, logLines: n}
}

// roadCamera frames the road for the grid, following focus.
func (a *App) roadCamera(g *Grid, focus geom.Point) camera {
	l := a.playLayout(g)
	return a.follow.frame(a.game.Level(), g.W, l.mapH, 0, focus)
}

// drawRoad draws the whole play screen: map, status line and log.
func (a *App) drawRoad(g *Grid, cam camera) {
	l := a.playLayout(g)
	a.drawMap(g, cam)
	a.drawStatus(g, l.statusY, a.roadStatus())
	prompt := a.prompt
	if prompt == "" {
		prompt = a.hint()
	}
	a.drawLog(g, l.logY, l.logLines, prompt)
}

// status is what the status line shows.
type status struct {
	hp, engine, tyres vocab.Stat
	armour            int
	speed, top        int
	onRoad            bool
}

// roadStatus reads the van during a delivery.
func (a *App) roadStatus() status {
	w, v := a.game.World(), a.game.Van()
	if !w.Alive(v) {
		return a.campStatus()
	}
	return status{
		hp: vocab.HP.Value(w, v), engine: vocab.Engine.Value(w, v), tyres: vocab.Tyres.Value(w, v),
		armour: vocab.Armour.Value(w, v), speed: vocab.Speed.Value(w, v), top: vocab.TopSpeed.Value(w, v),
		onRoad: true,
	}
}

// currentStatus reads the van where it is: on the road or at camp.
func (a *App) currentStatus() status {
	if a.game.Phase() == act.PhaseRoad {
		return a.roadStatus()
	}
	return a.campStatus()
}

// campStatus reads the van as the campaign keeps it between deliveries.
func (a *App) campStatus() status {
	v := a.game.VanState()
	return status{hp: v.HP, engine: v.Engine, tyres: v.Tyres, armour: v.Armour}
}

// statusItem is one item of the status line: a label (may be empty) and
// its value in its style.
type statusItem struct {
	label, value string
	st           Style
}

// drawStatus writes the status line at row y. Its items are two columns
// apart, one when that is what fits the width, and the enemy last hit is
// left out before a setback flag is cut short.
func (a *App) drawStatus(g *Grid, y int, s status) {
	items, target := a.statusItems(s)
	for _, gap := range []int{2, 1} {
		if statusWidth(items, target, gap) <= g.W {
			a.drawStatusItems(g, y, append(items, target...), gap)
			return
		}
	}
	a.drawStatusItems(g, y, items, 1)
}

// statusItems lists what the status line shows: the van's stats, and on
// the road the setbacks of the last turn, then the enemy last hit.
func (a *App) statusItems(s status) (items, target []statusItem) {
	// The items of the last frame lend their room: the line is drawn every
	// frame, and its items are drawn before the next frame asks for more.
	items = a.words.items[:0]
	defer func() { a.words.items = items }()
	value, danger := a.pal.Style(assets.RoleHUDValue), a.pal.Style(assets.RoleDanger)
	item := func(id assets.TextID, v string, low bool) {
		st := value
		if low {
			st = danger
		}
		items = append(items, statusItem{label: a.words.text(a.data, id), value: v, st: st})
	}
	stat := func(s vocab.Stat) string { return strconv.Itoa(s.Cur) + "/" + strconv.Itoa(s.Max) }
	item(assets.HUDHP, stat(s.hp), s.hp.Cur*4 <= s.hp.Max)
	item(assets.HUDEngine, stat(s.engine), s.engine.Cur*4 <= s.engine.Max)
	item(assets.HUDTyres, stat(s.tyres), s.tyres.Cur*4 <= s.tyres.Max)
	item(assets.HUDArmour, strconv.Itoa(s.armour), false)
	if s.onRoad {
		item(assets.HUDSpeed, strconv.Itoa(s.speed)+"/"+strconv.Itoa(s.top), s.top == 0)
		item(assets.HUDLetters, strconv.Itoa(vocab.Letters.Value(a.game.World(), a.game.Van())), false)
	}
	item(assets.HUDMoney, strconv.Itoa(a.game.Money()), false)
	item(assets.HUDDelivery, a.deliveryNumber(s.onRoad), false)
	if !s.onRoad {
		return items, nil
	}
	for _, id := range a.setbacks() {
		items = append(items, statusItem{value: a.words.text(a.data, id), st: danger})
	}
	if t, ok := a.lastTarget(); ok {
		target = append(target, statusItem{value: t, st: value})
	}
	return items, target
}

// statusWidth is how many columns the items take, gap apart.
func statusWidth(items, more []statusItem, gap int) int {
	w := 0
	for i, it := range append(items[:len(items):len(items)], more...) {
		if i > 0 {
			w += gap
		}
		if it.label != "" {
			w += len([]rune(it.label)) + 1
		}
		w += len([]rune(it.value))
	}
	return w
}

// drawStatusItems writes the items from the left of row y, gap apart.
func (a *App) drawStatusItems(g *Grid, y int, items []statusItem, gap int) {
	label := a.pal.Style(assets.RoleHUDLabel)
	x := 0
	for _, it := range items {
		if it.label != "" {
			x = g.Text(x, y, it.label+" ", label)
		}
		x = g.Text(x, y, it.value, it.st) + gap
	}
}

// lastTarget words the enemy the van's guns or a blast hit in the last
// round and the health it has left ("Car 3/5"), so damage reads in
// letters on the status line as well as in the enemy's colour; a target
// that died of it reads as down ("Car down"), not as still standing.
func (a *App) lastTarget() (string, bool) {
	entries := a.game.Log().Last(a.data.Display.LogLines + 8)
	var killed []ecs.Entity
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if e.Turn < a.game.Run.Turns-1 {
			break
		}
		if killLines[e.Msg.ID] && e.Msg.Of != 0 {
			killed = append(killed, e.Msg.Of)
		}
		if e.Msg.ID != assets.MsgGunHits && e.Msg.ID != assets.MsgShrapnelHits {
			continue
		}
		for _, en := range a.data.Enemies.List {
			if en.Name == e.Msg.Victim {
				name := strings.ToUpper(en.Name[:1]) + en.Name[1:]
				if slices.Contains(killed, e.Msg.Of) {
					return a.text(assets.HUDTargetDown, "victim", name), true
				}
				return a.text(assets.HUDTarget, "victim", name, "n", e.Msg.N, "max", en.HP), true
			}
		}
	}
	return "", false
}

// killLines are the log lines that tell an enemy's death.
var killLines = map[assets.TextID]bool{
	assets.MsgEnemyKilled: true, assets.MsgGunKills: true, assets.MsgRunOver: true, assets.MsgCrushed: true,
}

// setbackTexts are the setbacks of a turn that the status line repeats
// until the next turn, so they do not scroll away unread: the log line, the
// short word the status line shows for it, and whether the driver's own
// command says it (a lane change is rolled for as it is given).
var setbackTexts = []struct {
	msg, hud assets.TextID
	command  bool
}{
	{assets.MsgSteerFailed, assets.HUDSlid, true},
	{assets.MsgTyreBurst, assets.HUDTyreLost, false},
	{assets.MsgAcidTyre, assets.HUDTyreLost, false},
}

// setbacks returns the status words for the last turn's setbacks, each
// once. The driver's command is logged under the turn count before it, the
// round that follows under the new one, so a command's line of the turn
// before is one turn older than a round's.
func (a *App) setbacks() []assets.TextID {
	var out []assets.TextID
	now := a.game.Run.Turns
	entries := a.game.Log().Last(a.data.Display.LogLines + 8)
	for _, sb := range setbackTexts {
		for _, e := range entries {
			turn := e.Turn
			if sb.command {
				turn++
			}
			if turn == now && e.Msg.ID == sb.msg && !slices.Contains(out, sb.hud) {
				out = append(out, sb.hud)
			}
		}
	}
	return out
}

// deliveryNumber is the delivery under way on the road, or the deliveries
// made at camp, out of the number that wins the run.
func (a *App) deliveryNumber(onRoad bool) string {
	n := a.game.Run.Delivery
	if onRoad {
		n++
	}
	goal := a.data.Campaign.DeliveriesToWin
	if n > goal {
		return strconv.Itoa(n)
	}
	return strconv.Itoa(n) + "/" + strconv.Itoa(goal)
}

// drawLog writes the newest log messages in rows y..y+n-1, oldest first;
// a prompt takes the last row.
func (a *App) drawLog(g *Grid, y, n int, prompt string) {
	if prompt != "" {
		n--
		g.Text(0, y+n, prompt, a.pal.Style(assets.RoleWarning))
	}
	if n <= 0 {
		return
	}
	entries := a.game.Log().Last(n)
	fresh := a.pal.Style(assets.RoleText)
	old := a.pal.Style(assets.RoleTextDim)
	for i, e := range entries {
		st := old
		if e.Turn >= a.game.Run.Turns-1 {
			st = fresh
		}
		g.Text(0, y+n-len(entries)+i, a.words.entry(a.data, e), st)
	}
	a.words.drawn()
}

// entryText writes a log entry, with its repeat count.
func (a *App) entryText(e game.Entry) string { return recap.Entry(a.data, e) }

// words keeps the words the play screen draws every frame and that change
// seldom, so a frame does not write them again: the status line's labels,
// which are fixed texts, and the log lines last drawn, which a frame
// mostly draws again (a line's words depend on its message and its count
// alone).
type words struct {
	labels map[assets.TextID]string
	// lines holds the log lines of the last frame, next those of the frame
	// being drawn.
	lines, next []wordsLine
	// items is room for the status line's items.
	items []statusItem
}

// wordsLine is one log line's words and what they were written from.
type wordsLine struct {
	msg   vocab.Message
	count int
	text  string
}

// text returns the text id, which takes no placeholders.
func (w *words) text(d *assets.Data, id assets.TextID) string {
	s, ok := w.labels[id]
	if !ok {
		if w.labels == nil {
			w.labels = map[assets.TextID]string{}
		}
		s = d.Texts.Format(id)
		w.labels[id] = s
	}
	return s
}

// entry returns the words of log entry e, as recap.Entry writes them, and
// keeps them for the next frame.
func (w *words) entry(d *assets.Data, e game.Entry) string {
	for _, l := range w.lines {
		if l.msg == e.Msg && l.count == e.Count {
			w.next = append(w.next, l)
			return l.text
		}
	}
	l := wordsLine{msg: e.Msg, count: e.Count, text: recap.Entry(d, e)}
	w.next = append(w.next, l)
	return l.text
}

// drawn ends a frame's log: its lines are the ones kept for the next.
func (w *words) drawn() { w.lines, w.next = w.next, w.lines[:0] }

// playView is the road: the map following the van. While firing it waits
// for the direction of the shot.
type playView struct {
	firing bool
}

func (v *playView) draw(a *App, g *Grid) {
	focus, _ := vanAt(a.game)
	cam := a.roadCamera(g, focus)
	a.drawRoad(g, cam)
	if v.firing {
		a.drawReach(g, cam)
	}
}

// roadCommands are the gameplay actions that become a command at once.
var roadCommands = map[assets.Action]game.CommandKind{
	assets.ActionSteerUp:    game.CmdSteerUp,
	assets.ActionSteerDown:  game.CmdSteerDown,
	assets.ActionAccelerate: game.CmdAccelerate,
	assets.ActionDecelerate: game.CmdDecelerate,
	assets.ActionWait:       game.CmdWait,
}

// aimDirs are the directions the four driving actions pick when aiming.
var aimDirs = map[assets.Action]geom.Dir{
	assets.ActionSteerUp:    geom.North,
	assets.ActionSteerDown:  geom.South,
	assets.ActionAccelerate: geom.East,
	assets.ActionDecelerate: geom.West,
}

func (v *playView) key(a *App, in input) {
	act, ok := a.data.Keys.Action(assets.ContextGameplay, in.key)
	if !ok {
		return
	}
	if v.firing {
		v.firing = false
		if v.aim(a, act) {
			return
		}
		// Not a side: the gun goes down at no cost and the key does its
		// own work below, so nothing typed after the prompt is lost.
	}
	if kind, ok := roadCommands[act]; ok {
		a.do(game.Command{Kind: kind})
		return
	}
	switch act {
	case assets.ActionFire:
		v.firing = true
		a.prompt = a.firePrompt()
	case assets.ActionInventory:
		a.push(newFieldInventory(a))
	case assets.ActionLook:
		focus, _ := vanAt(a.game)
		a.push(&lookView{at: focus, back: a.follow})
	case assets.ActionHelp:
		a.push(newHelp(a))
	case assets.ActionMessageLog:
		a.push(newLogPager(a))
	case assets.ActionTrace:
		a.push(newTracePager(a))
	case assets.ActionPause:
		a.push(newPause(a))
	}
}

// firePrompt asks for a direction and lists the gun mounted on each side,
// by its short name, with the rounds a shot fires when more than one, so
// the player need not visit the garage to know what fires where; the map
// shows each gun's reach meanwhile (drawReach). Four sides fit 80 columns.
func (a *App) firePrompt() string {
	var sides []string
	slots := vocab.Guns.Value(a.game.World(), a.game.Van())
	// The sides in the garage's order and words, so both say the same.
	for _, side := range assets.Slots {
		gun, ok := a.data.Guns.Get(slots.Gun(side.Dir()))
		if !ok {
			continue
		}
		id := assets.PromptFireGun
		if gun.Bullets > 1 {
			id = assets.PromptFireBurst
		}
		sides = append(sides, a.text(id, "side", a.text(recap.SlotText(side)), "gun", gun.PromptName(), "bullets", gun.Bullets))
	}
	return a.text(assets.PromptFireDirection) + " " + strings.Join(sides, "  ")
}

// aim finishes the fire prompt and says whether act was the prompt's to
// take: a direction fires that side, and the rules refuse an empty one
// (recorded, traced and told in the log like any refusal); the pause key
// cancels at no cost. Either way the prompt is closed, so the keys typed
// after a refused side drive the van as usual.
func (v *playView) aim(a *App, act assets.Action) bool {
	if act == assets.ActionPause {
		a.prompt = a.text(assets.PromptCancelled)
		return true
	}
	d, ok := aimDirs[act]
	if !ok {
		a.prompt = ""
		return false
	}
	a.do(game.Command{Kind: game.CmdFire, Dir: d})
	return true
}
