package assets

import "testing"

func TestVanValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, vanFile, []validatorCase{
		{"no hit points", "hp = 8", "hp = 0", "hp is 0"},
		{"armour above max", "armour = 1", "armour = 5", "armour is 5"},
		{"negative armour", "armour = 1", "armour = -1", "armour is -1"},
		{"acid chance above 100", "acid_tyre_chance = 25", "acid_tyre_chance = 101", "acid_tyre_chance"},
		{"speed table too short", "[1, 1, 1, 2, 2, 3, 3, 4, 4]", "[1, 1, 1, 2]", "max_speed_by_engine has 4 entries"},
		{"speed table drops", "[1, 1, 1, 2, 2, 3, 3, 4, 4]", "[0, 1, 1, 2, 2, 3, 3, 4, 3]", "below the entry before"},
		{"full engine cannot move", "[1, 1, 1, 2, 2, 3, 3, 4, 4]", "[0, 0, 0, 0, 0, 0, 0, 0, 0]", "full engine"},
		{"steer chance above 100", "[20, 40, 60, 80, 100]", "[20, 40, 60, 80, 120]", "steer_chance_by_tyres[4]"},
		{"start speed above top speed", "start_speed = 1", "start_speed = 5", "start_speed is 5"},
		{"start gun without slot", "slot = \"front\"", "", "needs a slot"},
		{"start gun in an unknown slot", "slot = \"front\"", "slot = \"roof\"", "front, rear, left or right"},
		{"two start guns in one slot", "[[start_gun]]", "[[start_gun]]\ngun = \"railgun\"\nslot = \"front\"\n[[start_gun]]", "two guns in the front slot"},
		{"wrong type", "hp = 8", "hp = \"eight\"", "incompatible types"},
	})
}

func TestGunsValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, gunsFile, []validatorCase{
		{"duplicate id", `id = "shotgun"`, `id = "pistol"`, `gun "pistol" is defined twice`},
		{"id with capitals", `id = "shotgun"`, `id = "Shotgun"`, "lower-case"},
		{"no range", "range = 6", "range = 0", "range is 0"},
		{"no bullets", "bullets = 6", "bullets = 0", "bullets is 0"},
		{"no time per cell", "ms_per_cell = 20", "ms_per_cell = 0", "ms_per_cell is 0"},
		{"spread reaching the gun", "spread = 2", "spread = 99", "spread is 99"},
		{"negative spread", "spread = 2", "spread = -1", "spread is -1"},
		{"negative burst period", "burst_period_ms = 40", "burst_period_ms = -40", "burst_period_ms"},
		{"free gun", "price = 100", "price = 0", "price is 0"},
		{"two-character glyph", `glyph = "-"`, `glyph = "->"`, "exactly one character"},
		{"control character glyph", `glyph = "-"`, `glyph = "\t"`, "printable"},
		{"wide glyph", `glyph = "-"`, `glyph = "中"`, "one-column"},
		{"missing name", `name = "Shotgun"`, ``, "name must not be empty"},
		{"short name too long for the fire prompt", `short = "MG"`, `short = "Gatling!"`, `"Gatling!" is 8 characters`},
		{"long name with no short name", `short = "MG"`, ``, `"Machine gun" is 11 characters`},
	})
}

func TestEnemiesValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, enemiesFile, []validatorCase{
		{"duplicate id", `id = "bike"`, `id = "car"`, `enemy "car" is defined twice`},
		{"no hit points", "hp = 5", "hp = 0", "hp is 0"},
		{"start faster than max", "start_speed = 1\nbump_damage = 1\nbump_text = \"msg.rammed_by\"", "start_speed = 5\nbump_damage = 1\nbump_text = \"msg.rammed_by\"", "start_speed is 5"},
		{"walker with two speeds", "start_speed = 1\nbump_damage = 1\nbump_text = \"msg.clawed_by\"", "start_speed = 0\nbump_damage = 1\nbump_text = \"msg.clawed_by\"", "walks"},
		{"walker faster than a step a turn", "max_speed = 1\nstart_speed = 1\nbump_damage = 1\nbump_text = \"msg.clawed_by\"", "max_speed = 2\nstart_speed = 2\nbump_damage = 1\nbump_text = \"msg.clawed_by\"", "walks one cell a turn, so max_speed 2 must be 1"},
		{"unknown movement", `movement = "drive"`, `movement = "fly"`, `movement "fly"`},
		{"unknown behaviour", `behaviour = "bike"`, `behaviour = "sneaky"`, `behaviour "sneaky"`},
		{"two guns in one slot", `slot = "rear"`, `slot = "front"`, "two guns in the front slot"},
		{"no glyph", `glyph = "C"`, ``, "needs a glyph"},
	})
}

func TestCombatValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, combatFile, []validatorCase{
		{"harmless bullets", "bullet_damage = 1", "bullet_damage = 0", "bullet_damage is 0"},
		{"armour that never breaks", "armour_break_offset = 1", "armour_break_offset = 0", "armour_break_offset"},
		{"fragment count off", "fragments = 32", "fragments = 31", "has 32 vectors"},
		{"zero vector", "[10, 0], [9, 1]", "[0, 0], [9, 1]", "directions[0] is the zero vector"},
		{"no range", "range = 6", "range = 0", "explosion.range is 0"},
		{"a hull damage never reaches", "hull = 2", "hull = 0", "hit_weights.hull is 0"},
		{"a negative engine weight", "engine = 1", "engine = -1", "hit_weights.engine is -1"},
		{"vector with three numbers", "[10, 0], [9, 1]", "[10, 0, 1], [9, 1]", "directions"},
	})
}

func TestShopValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, shopFile, []validatorCase{
		{"empty stock", "stock_min = 6", "stock_min = 0", "stock_min is 0"},
		{"inverted stock", "stock_max = 11", "stock_max = 5", "stock_max is 5"},
		{"zero weight", "weight = 10", "weight = 0", `offer "pistol" weight is 0`},
		{"negative weight", "weight = 10", "weight = -3", `offer "pistol" weight is -3`},
		{"unknown kind", `kind = "gun"`, `kind = "magic"`, `kind "magic"`},
		{"gun offer repeating its price", "gun = \"pistol\"\n", "gun = \"pistol\"\nprice = 5\n", "must not set price"},
		{"gun offer without a gun", "gun = \"pistol\"\n", "\n", "needs gun"},
		{"repair without an amount", "amount = 1\nprice = 10\nweight = 8", "price = 10\nweight = 8", "needs amount"},
		{"repair of an unknown stat", `restores = "engine"` + "\namount = 1\nprice = 10\nweight", `restores = "paint"` + "\namount = 1\nprice = 10\nweight", `restores "paint"`},
		{"armour without a level", "level = 1\n", "\n", "needs level"},
		{"negative price", "price = 80", "price = -80", `price is -80`},
		{"unknown consumable", `consumable = "engine_kit"`, `consumable = "nitro"`, `consumable "nitro"`},
		{"duplicate offer", `id = "shotgun"`, `id = "pistol"`, `offer "pistol" is defined twice`},
		{"consumable without a price", "amount = 1\nprice = 10\n\n[[consumable]]", "amount = 1\n\n[[consumable]]", `consumable "spare_tyre" price is 0`},
	})
}

func TestCampaignAndDisplayValidateRejectNonsense(t *testing.T) {
	runValidatorCases(t, campaignFile, []validatorCase{
		{"cannot win", "deliveries_to_win = 10", "deliveries_to_win = 0", "deliveries_to_win is 0"},
		{"negative pay", "pay_per_letter = 40", "pay_per_letter = -40", "pay_per_letter is -40"},
	})
	runValidatorCases(t, displayFile, []validatorCase{
		{"no width", "min_width = 80", "min_width = 0", "min_width is 0"},
		{"history shorter than the log", "log_history = 500", "log_history = 3", "log_history is 3"},
	})
}

func TestKeysValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, keysFile, []validatorCase{
		{"key bound twice", `fire = ["f"]`, `fire = ["i"]`, "key i is bound to both fire and inventory"},
		{"same key twice for one action", `fire = ["f"]`, `fire = ["f", "f"]`, "key f is bound to both fire and fire"},
		{"shifted letter clashes", `look = ["x"]`, `look = ["T"]`, "key T is bound to both look and trace"},
		{"alias clashes", `pause = ["Esc"]`, `pause = ["Escape", "Esc"]`, "key Esc is bound to both pause and pause"},
		{"action without a key", `fire = ["f"]`, `fire = []`, "fire has no key"},
		{"action missing", "fire = [\"f\"]\n", "", "fire has no key"},
		{"junk key name", `fire = ["f"]`, `fire = ["Fire!"]`, `unknown key name "Fire!"`},
		{"ctrl twin of tab", `fire = ["f"]`, `fire = ["Ctrl-I"]`, "Tab"},
		{"menu key bound twice", `cancel = ["Esc"]`, `cancel = ["Enter"]`, "key Enter is bound to both confirm and cancel"},
	})
}

func TestColoursValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, coloursFile, []validatorCase{
		{"palette index too big", "van = { fg = 203,", "van = { fg = 256,", "role van fg is 256"},
		{"negative palette index", "van = { fg = 203,", "van = { fg = -1,", "role van fg is -1"},
		{"no fg", "van = { fg = 203, ", "van = { ", "role van needs fg"},
		{"unknown fallback", `fallback = "bright_red"`, `fallback = "pink"`, `fallback "pink"`},
		{"unknown attribute", `mono = "bold"`, `mono = "blink"`, `mono "blink"`},
		{"bg without fallback_bg", `fallback_bg = "black", `, ``, "both bg and fallback_bg"},
		{"missing role", "van = { fg = 203, fallback = \"bright_red\", mono = \"bold\" }\n", "", "role van is missing"},
		{"missing tile", "van = { glyph = \"@\", colour = \"van\" }\n", "", "tile van is missing"},
		{"tile with an undefined role", `glyph = "@", colour = "van"`, `glyph = "@", colour = "vans"`, `colour "vans" is not a defined role`},
		{"tile without a glyph", `glyph = "@", `, ``, "tile van needs a glyph"},
	})
}

func TestTextsValidateRejectsNonsense(t *testing.T) {
	runValidatorCases(t, textsFile, []validatorCase{
		{"missing text", "tyre_burst = \"A tyre blows out.\"\n", "", "text msg.tyre_burst is missing"},
		{"empty text", `tyre_burst = "A tyre blows out."`, `tyre_burst = "  "`, "msg.tyre_burst must not be empty"},
		{"unclosed placeholder", `"The {enemy} shoots you."`, `"The {enemy shoots you."`, "unmatched {"},
		{"stray closing brace", `"The {enemy} shoots you."`, `"The enemy} shoots you."`, "unmatched }"},
		{"placeholder with capitals", `"The {enemy} shoots you."`, `"The {Enemy} shoots you."`, "lower-case name"},
		{"number instead of text", `tyre_burst = "A tyre blows out."`, `tyre_burst = 3`, "incompatible types"},
	})
}
