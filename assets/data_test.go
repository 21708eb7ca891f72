package assets

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadReadsEveryShippedFile(t *testing.T) {
	d, err := Load()
	require.NoError(t, err)
	// Spot checks against the reference numbers of the original game.
	assert.Equal(t, 8, d.Van.HP)
	assert.Equal(t, 4, d.Van.MaxSpeed(d.Van.Engine))
	guns, err := LoadGuns()
	require.NoError(t, err)
	for _, g := range guns.List {
		_, ok := d.Guns.Get(g.ID)
		assert.True(t, ok, "gun %q of %s is loaded", g.ID, gunsFile)
	}
	shop, err := LoadShop(guns)
	require.NoError(t, err)
	for _, o := range shop.Offers {
		loaded, ok := d.Shop.Offer(o.ID)
		assert.True(t, ok, "offer %q of %s is loaded", o.ID, shopFile)
		assert.Equal(t, o.Weight, loaded.Weight, "offer %q keeps its weight", o.ID)
	}
	assert.Equal(t, 20+40*3, d.Campaign.Pay(3))
	assert.Equal(t, 32, d.Combat.Explosion.Fragments)
	assert.Equal(t, "The car shoots you.", d.Texts.Format(MsgShotBy, "enemy", "car"))
}

func TestEveryFileIsLoadedByLoad(t *testing.T) {
	entries, err := files.ReadDir(".")
	require.NoError(t, err)
	loaded := map[string]bool{vanFile: true, gunsFile: true, enemiesFile: true, combatFile: true,
		shopFile: true, campaignFile: true, displayFile: true, keysFile: true, coloursFile: true,
		textsFile: true, "levelgen.toml": true}
	for _, e := range entries {
		assert.True(t, loaded[e.Name()], "%s is embedded but Load does not read it", e.Name())
	}
}

func TestCrossCheckFindsBrokenReferences(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(*Data)
		want  string
	}{
		{"van starts with an unknown gun", func(d *Data) { d.Van.StartGuns[0].Gun = "laser" }, `names gun "laser"`},
		{"enemy carries an unknown gun", func(d *Data) { enemy(d, "car").Weapons[0].Gun = "cannon" }, `names gun "cannon"`},
		{"spawned enemy missing", func(d *Data) { enemy(d, "bike").ID = "trike" }, `("bike"): thing is neither`},
		{"bump text missing", func(d *Data) { enemy(d, "zombie").BumpText = "msg.nope" }, `bump_text "msg.nope"`},
		{"bump text without the attacker", func(d *Data) { enemy(d, "zombie").BumpText = MsgHurt }, "{enemy}"},
		{"gun colour undefined", func(d *Data) { d.Guns.List[0].Colour = "mauve" }, `colour "mauve"`},
		{"enemy colour undefined", func(d *Data) { enemy(d, "car").Colour = "teal" }, `colour "teal"`},
		{"explosion colour undefined", func(d *Data) { d.Combat.Explosion.Colour = "puce" }, `colour "puce"`},
		{"armour above the van's", func(d *Data) { d.Van.MaxArmour = 3 }, "armour level 4"},
		{"action without help", func(d *Data) { d.Keys.Menu[0].Action = "juggle" }, "help.juggle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Load()
			require.NoError(t, err)
			c.spoil(d)
			err = d.crossCheck()
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func enemy(d *Data, id string) *Enemy {
	for i := range d.Enemies.List {
		if d.Enemies.List[i].ID == id {
			return &d.Enemies.List[i]
		}
	}
	panic("no enemy " + id)
}

// specFor returns an empty value of the type a data file decodes into.
func specFor(file string) validator {
	switch file {
	case vanFile:
		return &Van{}
	case gunsFile:
		return &Guns{}
	case enemiesFile:
		return &Enemies{}
	case combatFile:
		return &Combat{}
	case shopFile:
		return &shopSpec{}
	case campaignFile:
		return &Campaign{}
	case displayFile:
		return &Display{}
	case keysFile:
		return &keysSpec{}
	case coloursFile:
		return &coloursSpec{}
	case textsFile:
		return &textsSpec{}
	}
	panic("no spec for " + file)
}

// anyNumber matches a number in a case's old text.
var anyNumber = regexp.MustCompile(`-?[0-9]+`)

// spoiled returns the shipped file with the first old replaced by new,
// where "${0}" in new stands for the text replaced. A number in old matches
// any number, so a case names the key it spoils, not the value the file
// ships with today: tuning the data does not break it. It fails the test if
// old is not there, so a table row cannot pass by no longer applying.
func spoiled(t *testing.T, file, old, new string) []byte {
	t.Helper()
	data, err := ReadFile(file)
	require.NoError(t, err)
	re := regexp.MustCompile(anyNumber.ReplaceAllLiteralString(regexp.QuoteMeta(old), `-?[0-9]+`))
	at := re.FindIndex(data)
	require.NotNil(t, at, "%s no longer holds what this case changes (%q)", file, old)
	matched := string(data[at[0]:at[1]])
	return []byte(string(data[:at[0]]) + strings.ReplaceAll(new, "${0}", matched) + string(data[at[1]:]))
}

// validatorCase changes one shipped file and expects the strict load to
// fail with a message containing want.
type validatorCase struct {
	name, old, new, want string
}

func runValidatorCases(t *testing.T, file string, cases []validatorCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := parseValidated(file, spoiled(t, file, c.old, c.new), specFor(file))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.True(t, strings.HasPrefix(err.Error(), file), "message %q should start with the file name", err)
		})
	}
}

func TestShippedFilesPassTheirOwnValidation(t *testing.T) {
	for _, file := range []string{vanFile, gunsFile, enemiesFile, combatFile, shopFile, campaignFile,
		displayFile, keysFile, coloursFile, textsFile} {
		data, err := ReadFile(file)
		require.NoError(t, err)
		assert.NoError(t, parseValidated(file, data, specFor(file)), file)
	}
}

func TestUnknownKeysAreRejectedWithFileLineAndKey(t *testing.T) {
	cases := []struct {
		file, after, inserted, key string
	}{
		{vanFile, "hp = 8\n", "hit_points = 8\n", "hit_points"},
		{gunsFile, "range = 3\n", "reach = 3\n", "gun.reach"},
		{enemiesFile, "vision = 8\n", "sight = 8\n", "enemy.sight"},
		{enemiesFile, `slot = "left"` + "\n", "ammo = 3\n", "enemy.weapon.ammo"},
		{combatFile, "[explosion]\n", "radius = 6\n", "explosion.radius"},
		{shopFile, "stock_max = 11\n", "stock_mid = 8\n", "stock_mid"},
		{shopFile, "weight = 10\n", "rarity = 1\n", "offer.rarity"},
		{campaignFile, "pay_base = 20\n", "pay_bonus = 5\n", "pay_bonus"},
		{displayFile, "log_lines = 4\n", "log_colour = 1\n", "log_colour"},
		{keysFile, "[gameplay]\n", "jump = [\"J\"]\n", "gameplay.jump"},
		{coloursFile, "[role]\n", "sky = { fg = 1, fallback = \"blue\", mono = \"none\" }\n", "role.sky"},
		{coloursFile, "[tile]\n", "tree = { glyph = \"T\", colour = \"good\" }\n", "tile.tree"},
		{coloursFile, `van = { fg = 203,`, ` shade = 1,`, "role.van.shade"},
		{textsFile, "[msg]\n", "tyre_fixed = \"x.\"\n", "msg.tyre_fixed"},
	}
	for _, c := range cases {
		t.Run(c.file+" "+c.key, func(t *testing.T) {
			data := spoiled(t, c.file, c.after, "${0}"+c.inserted)
			line := strings.Count(string(data[:strings.Index(string(data), c.inserted)]), "\n") + 1
			err := parseValidated(c.file, data, specFor(c.file))
			require.Error(t, err)
			assert.Contains(t, err.Error(), fmt.Sprintf("%s:%d:", c.file, line))
			assert.Contains(t, err.Error(), c.key)
		})
	}
}

func TestEnemiesValidateTheirMapChars(t *testing.T) {
	cases := []struct {
		name string
		char Glyph
		want string
	}{
		{"another enemy's", 'z', `map_char "z" is "zombie"'s`},
		{"a built-in thing's", '#', `map_char "#" is "wreck"'s`},
		{"the road's", '.', "printable ASCII"},
		{"not ASCII", 'é', "printable ASCII"},
		{"missing", 0, "printable ASCII"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Load()
			require.NoError(t, err)
			enemy(d, "bike").Map = c.char
			err = d.Enemies.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
