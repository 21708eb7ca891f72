package game

import (
	"fmt"
	"strconv"
	"strings"

	"lastpost/ecs/geom"
)

// CommandKind names something a player can ask for.
type CommandKind uint8

// The commands. The first group is for the road, the second for the camp.
const (
	CmdWait CommandKind = iota
	CmdAccelerate
	CmdDecelerate
	CmdSteerUp
	CmdSteerDown
	CmdFire    // Dir: which side's gun
	CmdUse     // Index: inventory item
	CmdBuy     // Index: shop offer
	CmdMount   // Dir: slot; Index: inventory gun
	CmdUnmount // Dir: slot
	CmdDiscard // Index: inventory item
	CmdDepart  // leave the camp for the next delivery
	CmdGiveUp  // give the run up, on the road or at camp
	CmdRetire  // end a won run at a camp
	cmdCount
)

// CommandKinds is how many kinds of command there are; kinds run from 0 to
// CommandKinds-1, so a fuzzer or a clumsy player can pick any of them.
const CommandKinds = int(cmdCount)

var commandWords = [...]string{"wait", "accelerate", "decelerate", "steer-up", "steer-down", "fire",
	"use", "buy", "mount", "unmount", "discard", "depart", "give-up", "retire"}

// Command is one player input that reached the game. Recordings store them
// as text, one per line.
type Command struct {
	Kind  CommandKind
	Dir   geom.Dir
	Index int
}

// String writes the command as a recording does: a word, then a direction
// and/or an index where the command takes them.
func (c Command) String() string {
	w := commandWords[c.Kind]
	switch c.Kind {
	case CmdFire, CmdUnmount:
		return w + " " + c.Dir.String()
	case CmdUse, CmdBuy, CmdDiscard:
		return w + " " + strconv.Itoa(c.Index)
	case CmdMount:
		return fmt.Sprintf("%s %s %d", w, c.Dir, c.Index)
	}
	return w
}

// ParseCommand reads a command written by String.
func ParseCommand(s string) (Command, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Command{}, fmt.Errorf("empty command")
	}
	kind := -1
	for i, w := range commandWords {
		if w == fields[0] {
			kind = i
		}
	}
	if kind < 0 {
		return Command{}, fmt.Errorf("unknown command %q", fields[0])
	}
	c := Command{Kind: CommandKind(kind)}
	args := fields[1:]
	want := 0
	switch c.Kind {
	case CmdFire, CmdUnmount, CmdUse, CmdBuy, CmdDiscard:
		want = 1
	case CmdMount:
		want = 2
	}
	if len(args) != want {
		return Command{}, fmt.Errorf("%s takes %d argument(s), got %d", fields[0], want, len(args))
	}
	var err error
	switch c.Kind {
	case CmdFire, CmdUnmount:
		c.Dir, err = parseDir(args[0])
	case CmdUse, CmdBuy, CmdDiscard:
		c.Index, err = parseIndex(args[0])
	case CmdMount:
		if c.Dir, err = parseDir(args[0]); err == nil {
			c.Index, err = parseIndex(args[1])
		}
	}
	return c, err
}

func parseDir(s string) (geom.Dir, error) {
	for _, d := range geom.Dirs {
		if d.String() == s {
			return d, nil
		}
	}
	return geom.None, fmt.Errorf("unknown direction %q", s)
}

func parseIndex(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1000 {
		return 0, fmt.Errorf("bad index %q", s)
	}
	return n, nil
}

// Canonical drops the fields c's kind does not use, so c is what
// ParseCommand(c.String()) gives back: a recording replays exactly what was
// played.
func (c Command) Canonical() Command {
	switch c.Kind {
	case CmdFire, CmdUnmount:
		c.Index = 0
	case CmdUse, CmdBuy, CmdDiscard:
		c.Dir = 0
	case CmdMount:
	default:
		c.Dir, c.Index = 0, 0
	}
	return c
}
