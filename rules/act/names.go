package act

import (
	"math"
	"strings"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// KindName names what an entity of kind k is, as a chain of causes and
// the rule trace say it: "your van", "the bike", "the barrel"; "nothing"
// for no kind.
func KindName(d *assets.Data, k vocab.Kind) string {
	switch k {
	case vocab.KindNone:
		return d.Texts.Format(assets.WhyNothing)
	case vocab.KindVan:
		return d.Texts.Format(assets.WhyYourVan)
	}
	return d.Texts.Format(assets.WhyThe, "name", BareName(d, k))
}

// BareName is an enemy's name, or a built-in thing's id ("barrel"); a
// number that names neither is told as its number.
func BareName(d *assets.Data, k vocab.Kind) string {
	if e, ok := vocab.EnemyOf(&d.Enemies, k); ok {
		return e.Name
	}
	if id, ok := vocab.KindID(&d.Enemies, k); ok {
		return id
	}
	return k.String()
}

// GunName is a gun's name in lower case, as log lines say it, or its id if
// the data has no such gun.
func GunName(d *assets.Data, id string) string {
	if g, ok := d.Guns.Get(id); ok {
		return strings.ToLower(g.Name)
	}
	return id
}

// GunRefOf is how a chain names gun id of d: its place in the list of
// guns, from one; 0 for a gun d does not have.
func GunRefOf(d *assets.Data, id string) vocab.GunRef {
	for i, g := range d.Guns.List {
		if g.ID == id {
			return vocab.GunRef(i + 1)
		}
	}
	return 0
}

// GunRefName names the gun of ref as log lines say it, in lower case.
func GunRefName(d *assets.Data, ref vocab.GunRef) string {
	if i := int(ref) - 1; i >= 0 && i < len(d.Guns.List) {
		return strings.ToLower(d.Guns.List[i].Name)
	}
	return "gun"
}

// gunRefName is GunRefName through env's gunNames, laid out the first time
// a line names a gun: a cascade's kills and barrels name one line after
// line, and lower-casing the name each time cost an allocation each.
func (env *Env) gunRefName(ref vocab.GunRef) string {
	if env.gunNames == nil {
		// A reference is a byte: guns past the 255th are never named.
		env.gunNames = make([]string, min(len(env.Data.Guns.List), math.MaxUint8))
		for i := range env.gunNames {
			env.gunNames[i] = GunRefName(env.Data, vocab.GunRef(i+1))
		}
	}
	if i := int(ref) - 1; i >= 0 && i < len(env.gunNames) {
		return env.gunNames[i]
	}
	return "gun"
}

// Name names entity e for a person reading the rule trace: what it is
// ("your van", "the zombie", "the pistol round"), never its number; no
// entity (the physics step's) is "".
func (env *Env) Name(e ecs.Entity) string {
	w := env.World
	if e == 0 {
		return ""
	}
	if gun, ok := vocab.Gun.Get(w, e); ok {
		return env.Data.Texts.Format(assets.WhyRound, "gun", GunName(env.Data, gun))
	}
	if k, ok := vocab.KindOf.Get(w, e); ok {
		return KindName(env.Data, k)
	}
	if it, ok := vocab.Item.Get(w, e); ok {
		return it
	}
	if o, ok := vocab.Offer.Get(w, e); ok {
		return o
	}
	return env.Data.Texts.Format(assets.WhyGone)
}

// Line writes log message m under text id, count times over: a hit's line
// names its gun and the target's full health, which the data holds.
func Line(d *assets.Data, id assets.TextID, m vocab.Message, count int) string {
	return d.Texts.Format(id, "enemy", m.Who, "victim", m.Victim, "n", m.N, "speed", m.N,
		"gun", m.Who, "max", maxHP(d, m.Victim), "count", count)
}

// maxHP is the full health of the enemy named name, for "3 of 5 left".
func maxHP(d *assets.Data, name string) int {
	for _, e := range d.Enemies.List {
		if e.Name == name {
			return e.HP
		}
	}
	return 0
}

// NameWords describes action type t for a person, as the rule trace's
// first page tells it: its entities named, and a log line in its words.
func NameWords(env *Env, t Act) string {
	if t.Kind == KindSay {
		return t.Kind.String() + "(" + Line(env.Data, t.Msg.ID, t.Msg, 1) + ")"
	}
	return t.Words(env.Name)
}
