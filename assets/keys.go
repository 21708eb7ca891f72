package assets

import (
	"fmt"
	"strings"
)

const keysFile = "keys.toml"

// Action is something a key can be bound to.
type Action string

// The gameplay actions, used on the road.
const (
	ActionSteerUp    Action = "steer_up"
	ActionSteerDown  Action = "steer_down"
	ActionAccelerate Action = "accelerate"
	ActionDecelerate Action = "decelerate"
	ActionWait       Action = "wait"
	ActionFire       Action = "fire"
	ActionInventory  Action = "inventory"
	ActionLook       Action = "look"
	ActionHelp       Action = "help"
	ActionMessageLog Action = "message_log"
	ActionTrace      Action = "trace"
	ActionPause      Action = "pause"
)

// The menu actions, used in menus and full-screen lists.
const (
	ActionMenuUp   Action = "menu_up"
	ActionMenuDown Action = "menu_down"
	ActionConfirm  Action = "confirm"
	ActionCancel   Action = "cancel"
	// ActionWhy shows what caused the line picked in the message log.
	ActionWhy Action = "why"
)

// The replay actions, used while watching a recording.
const (
	ActionReplayPause Action = "play_pause"
	ActionReplayStep  Action = "step"
	ActionReplayBack  Action = "step_back"
	// ActionReplayRoadBack and ActionReplayRoadNext go to the start of a
	// delivery's road: the one in view (or the one before), or the next.
	ActionReplayRoadBack Action = "delivery_back"
	ActionReplayRoadNext Action = "delivery_forward"
	ActionReplayStart    Action = "to_start"
	ActionReplayEnd      Action = "to_end"
	// ActionReplayGoTo asks for a command number and goes there.
	ActionReplayGoTo Action = "go_to"
	// ActionReplayTakeWheel plays a new run on from where the replay stands.
	ActionReplayTakeWheel Action = "take_wheel"
	ActionReplayFaster    Action = "faster"
	ActionReplaySlower    Action = "slower"
	ActionReplayQuit      Action = "stop_watching"
)

// Context is a set of actions within which a key means one thing.
type Context uint8

// The contexts.
const (
	ContextGameplay Context = iota
	ContextMenu
	ContextReplay
)

// Binding is one action and the keys that trigger it.
type Binding struct {
	Action Action
	Keys   []Key
}

// Keys holds every binding, in a fixed order (the order of the help screen)
// for each context.
type Keys struct {
	Gameplay []Binding
	Menu     []Binding
	Replay   []Binding
}

// keysSpec is keys.toml as written: one field per action, so the strict
// decoder rejects an unknown action with its line.
type keysSpec struct {
	Gameplay gameplayKeys `toml:"gameplay"`
	Menu     menuKeys     `toml:"menu"`
	Replay   replayKeys   `toml:"replay"`
}

type gameplayKeys struct {
	SteerUp    []Key `toml:"steer_up"`
	SteerDown  []Key `toml:"steer_down"`
	Accelerate []Key `toml:"accelerate"`
	Decelerate []Key `toml:"decelerate"`
	Wait       []Key `toml:"wait"`
	Fire       []Key `toml:"fire"`
	Inventory  []Key `toml:"inventory"`
	Look       []Key `toml:"look"`
	Help       []Key `toml:"help"`
	MessageLog []Key `toml:"message_log"`
	Trace      []Key `toml:"trace"`
	Pause      []Key `toml:"pause"`
}

type menuKeys struct {
	MenuUp   []Key `toml:"menu_up"`
	MenuDown []Key `toml:"menu_down"`
	Confirm  []Key `toml:"confirm"`
	Cancel   []Key `toml:"cancel"`
	Why      []Key `toml:"why"`
}

type replayKeys struct {
	PlayPause []Key `toml:"play_pause"`
	Step      []Key `toml:"step"`
	Back      []Key `toml:"step_back"`
	RoadBack  []Key `toml:"delivery_back"`
	RoadNext  []Key `toml:"delivery_forward"`
	Start     []Key `toml:"to_start"`
	End       []Key `toml:"to_end"`
	GoTo      []Key `toml:"go_to"`
	TakeWheel []Key `toml:"take_wheel"`
	Faster    []Key `toml:"faster"`
	Slower    []Key `toml:"slower"`
	Quit      []Key `toml:"stop_watching"`
}

func (g gameplayKeys) bindings() []Binding {
	return []Binding{
		{ActionSteerUp, g.SteerUp}, {ActionSteerDown, g.SteerDown},
		{ActionAccelerate, g.Accelerate}, {ActionDecelerate, g.Decelerate},
		{ActionWait, g.Wait}, {ActionFire, g.Fire}, {ActionInventory, g.Inventory},
		{ActionLook, g.Look}, {ActionHelp, g.Help}, {ActionMessageLog, g.MessageLog},
		{ActionTrace, g.Trace}, {ActionPause, g.Pause},
	}
}

func (m menuKeys) bindings() []Binding {
	return []Binding{
		{ActionMenuUp, m.MenuUp}, {ActionMenuDown, m.MenuDown},
		{ActionConfirm, m.Confirm}, {ActionCancel, m.Cancel}, {ActionWhy, m.Why},
	}
}

func (r replayKeys) bindings() []Binding {
	return []Binding{
		{ActionReplayPause, r.PlayPause}, {ActionReplayStep, r.Step}, {ActionReplayBack, r.Back},
		{ActionReplayRoadBack, r.RoadBack}, {ActionReplayRoadNext, r.RoadNext},
		{ActionReplayStart, r.Start}, {ActionReplayEnd, r.End}, {ActionReplayGoTo, r.GoTo},
		{ActionReplayTakeWheel, r.TakeWheel},
		{ActionReplayFaster, r.Faster}, {ActionReplaySlower, r.Slower}, {ActionReplayQuit, r.Quit},
	}
}

// LoadKeys reads the embedded keys.toml strictly and validates it.
func LoadKeys() (Keys, error) {
	data, err := ReadFile(keysFile)
	if err != nil {
		return Keys{}, fmt.Errorf("assets: %w", err)
	}
	return ParseKeys(keysFile, data)
}

// ParseKeys reads bindings in the form of keys.toml from data, strictly and
// with the same checks as LoadKeys, so a player's own bindings file can be
// read. The name is used in messages only.
func ParseKeys(name string, data []byte) (Keys, error) {
	var spec keysSpec
	if err := parseValidated(name, data, &spec); err != nil {
		return Keys{}, err
	}
	return spec.keys(), nil
}

func (s keysSpec) keys() Keys {
	return Keys{Gameplay: s.Gameplay.bindings(), Menu: s.Menu.bindings(), Replay: s.Replay.bindings()}
}

// Validate reports an action with no key and a key that triggers two
// actions (or one action twice) in the same context.
func (s keysSpec) Validate() error {
	var p problems
	k := s.keys()
	validateContext(&p, "gameplay", k.Gameplay)
	validateContext(&p, "menu", k.Menu)
	validateContext(&p, "replay", k.Replay)
	return p.err()
}

func validateContext(p *problems, section string, bindings []Binding) {
	owner := map[Key]Action{}
	for _, b := range bindings {
		if len(b.Keys) == 0 {
			p.addf("[%s] %s has no key", section, b.Action)
		}
		for _, key := range b.Keys {
			if first, taken := owner[key]; taken {
				p.addf("[%s] key %s is bound to both %s and %s", section, key, first, b.Action)
				continue
			}
			owner[key] = b.Action
		}
	}
}

// Context returns the bindings of context c.
func (k Keys) Context(c Context) []Binding {
	switch c {
	case ContextMenu:
		return k.Menu
	case ContextReplay:
		return k.Replay
	}
	return k.Gameplay
}

// Action returns the action that key triggers in context c, and false if it
// triggers none.
func (k Keys) Action(c Context, key Key) (Action, bool) {
	for _, b := range k.Context(c) {
		for _, bound := range b.Keys {
			if bound == key {
				return b.Action, true
			}
		}
	}
	return "", false
}

// KeysFor returns the keys bound to action a, in file order, or nil.
func (k Keys) KeysFor(a Action) []Key {
	for _, c := range []Context{ContextGameplay, ContextMenu, ContextReplay} {
		for _, b := range k.Context(c) {
			if b.Action == a {
				return b.Keys
			}
		}
	}
	return nil
}

// Describe returns the names of the keys bound to a, joined by sep, for
// help screens and prompts.
func (k Keys) Describe(a Action, sep string) string {
	keys := k.KeysFor(a)
	names := make([]string, len(keys))
	for i, key := range keys {
		names[i] = key.String()
	}
	return strings.Join(names, sep)
}
