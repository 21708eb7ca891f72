package vocab

import (
	"fmt"

	"lastpost/assets"
)

// Kind says what an entity is, for names, glyphs and the AI. The built-in
// things (the van, wrecks, barrels, letters, bullets, fragments and
// bloodstains) have kinds of their own; every enemy kind is numbered from
// its place in the data's list of enemies (see EnemyKind), so an enemy
// added to enemies.toml needs no code.
type Kind uint8

// The kinds of the built-in things. The numbers 2 to 4 between them belong
// to the first three enemies of the data: they were the enemies' numbers
// before enemies came from data, and saves and recorded state hashes hold
// them.
const (
	KindNone       Kind = 0
	KindVan        Kind = 1
	KindWreck      Kind = 5
	KindBarrel     Kind = 6
	KindLetter     Kind = 7
	KindBullet     Kind = 8
	KindFragment   Kind = 9
	KindBloodstain Kind = 10
)

// Where enemy kinds are numbered: the first earlyEnemies enemies take the
// numbers from firstEnemy up, the rest those from laterEnemies up.
const (
	firstEnemy   Kind = 2
	earlyEnemies      = int(KindWreck - firstEnemy)
	laterEnemies Kind = KindBloodstain + 1
)

// MaxEnemies is how many enemy kinds a Kind can number; assets.MaxEnemies
// holds the data to it.
const MaxEnemies = earlyEnemies + 256 - int(laterEnemies)

var builtinNames = [...]string{
	KindNone: "none", KindVan: "van", KindWreck: "wreck", KindBarrel: "barrel", KindLetter: "letter",
	KindBullet: "bullet", KindFragment: "fragment", KindBloodstain: "bloodstain",
}

// EnemyKind returns the kind of the enemy at index i of the data's list.
func EnemyKind(i int) Kind {
	if i < earlyEnemies {
		return firstEnemy + Kind(i)
	}
	return laterEnemies + Kind(i-earlyEnemies)
}

// EnemyIndex returns the index in the data's list of enemies that kind k
// numbers, and false for a built-in kind. Whether the list is that long is
// for the data to say (see EnemyOf).
func (k Kind) EnemyIndex() (int, bool) {
	switch {
	case k >= firstEnemy && k < KindWreck:
		return int(k - firstEnemy), true
	case k >= laterEnemies:
		return earlyEnemies + int(k-laterEnemies), true
	}
	return 0, false
}

// Builtin reports whether k is the kind of a built-in thing, not an enemy.
func (k Kind) Builtin() bool {
	_, enemy := k.EnemyIndex()
	return !enemy
}

// String returns a built-in kind's id, or "enemy N" for the enemy at index
// N, whose id only the data knows (see KindID).
func (k Kind) String() string {
	if i, ok := k.EnemyIndex(); ok {
		return fmt.Sprintf("enemy %d", i)
	}
	return builtinNames[k]
}

// EnemyOf returns the data of enemy kind k, and false when k is a built-in
// kind or numbers no enemy of enemies.
func EnemyOf(enemies *assets.Enemies, k Kind) (*assets.Enemy, bool) {
	i, ok := k.EnemyIndex()
	if !ok || i >= len(enemies.List) {
		return nil, false
	}
	return &enemies.List[i], true
}

// KindNamed returns the kind whose id is id: a built-in thing's name or the
// id of one of enemies; KindNone when it is neither.
func KindNamed(enemies *assets.Enemies, id string) Kind {
	for k, n := range builtinNames {
		if n != "" && n == id {
			return Kind(k)
		}
	}
	for i := range enemies.List {
		if enemies.List[i].ID == id {
			return EnemyKind(i)
		}
	}
	return KindNone
}

// KindID returns the id of kind k: a built-in thing's name or an enemy's id
// in enemies, and false for a number that names neither.
func KindID(enemies *assets.Enemies, k Kind) (string, bool) {
	if e, ok := EnemyOf(enemies, k); ok {
		return e.ID, true
	}
	if k.Builtin() && builtinNames[k] != "" {
		return builtinNames[k], true
	}
	return "", false
}
