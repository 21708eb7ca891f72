package ui

import (
	"os"
	"syscall"
	"unicode"

	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
)

// nav is a paging key that no binding names; pagers and menus read it.
type nav uint8

// The paging keys.
const (
	navNone nav = iota
	navPageUp
	navPageDown
	navHome
	navEnd
	navDelete
)

// input is one key press as the views see it: the binding-level key and,
// for paging keys, which one.
type input struct {
	key assets.Key
	nav nav
}

// inputOf converts a tcell key event. It reports false for keys the game
// has no use for (function keys, Alt combinations).
func inputOf(ev *tcell.EventKey) (input, bool) {
	k := ev.Key()
	if s, ok := specialKeys[k]; ok {
		return input{key: assets.Key{Special: s}}, true
	}
	if n, ok := navKeys[k]; ok {
		return input{nav: n}, true
	}
	switch {
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		return input{key: assets.Key{Rune: rune('a' + k - tcell.KeyCtrlA), Ctrl: true}}, true
	case k >= tcell.KeySOH && k <= tcell.KeySUB:
		// A control byte given as such: Ctrl with the letter it stands for.
		return input{key: assets.Key{Rune: rune('a' + k - tcell.KeySOH), Ctrl: true}}, true
	case k != tcell.KeyRune || ev.Modifiers()&tcell.ModAlt != 0:
		return input{}, false
	case ev.Modifiers()&tcell.ModCtrl != 0 && unicode.IsLetter(ev.Rune()):
		return input{key: assets.Key{Rune: unicode.ToLower(ev.Rune()), Ctrl: true}}, true
	case !unicode.IsPrint(ev.Rune()):
		return input{}, false
	}
	return input{key: assets.Key{Rune: ev.Rune()}}, true
}

var specialKeys = map[tcell.Key]assets.Special{
	tcell.KeyUp:         assets.SpecialUp,
	tcell.KeyDown:       assets.SpecialDown,
	tcell.KeyLeft:       assets.SpecialLeft,
	tcell.KeyRight:      assets.SpecialRight,
	tcell.KeyEnter:      assets.SpecialEnter,
	tcell.KeyEsc:        assets.SpecialEsc,
	tcell.KeyTab:        assets.SpecialTab,
	tcell.KeyBackspace:  assets.SpecialBackspace,
	tcell.KeyBackspace2: assets.SpecialBackspace,
}

var navKeys = map[tcell.Key]nav{
	tcell.KeyPgUp:   navPageUp,
	tcell.KeyPgDn:   navPageDown,
	tcell.KeyHome:   navHome,
	tcell.KeyEnd:    navEnd,
	tcell.KeyDelete: navDelete,
}

// quitKeySignal is the signal a quit key stands for: SIGINT for Ctrl-C,
// SIGQUIT for Ctrl-\.
func quitKeySignal(ev *tcell.EventKey) (os.Signal, bool) {
	switch ev.Key() {
	case tcell.KeyCtrlC:
		return os.Interrupt, true
	case tcell.KeyCtrlBackslash:
		return syscall.SIGQUIT, true
	}
	return nil, false
}
