package assets

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Data is all of the game's data, loaded and checked together.
type Data struct {
	Van      Van
	Guns     Guns
	Enemies  Enemies
	Combat   Combat
	Shop     Shop
	Campaign Campaign
	Display  Display
	Keys     Keys
	Colours  Colours
	Texts    Texts
	LevelGen LevelGen
	// Content names the play data loaded, for recordings and saves. Load
	// and LoadExtra set it; data changed in memory afterwards keeps the
	// name of what was loaded.
	Content Content
}

// Load reads every embedded data file strictly, validates each one and then
// checks that the files agree: every gun named by the van, the enemies and
// the shop exists, every colour role and text id named anywhere is defined,
// the shop's armour stays within the van's, and every action has a line on
// the controls screen. It reports all the problems it finds, not just the
// first.
func Load() (*Data, error) {
	d, err := loadAll()
	if err != nil {
		return nil, err
	}
	d.LevelGen.Legend = d.legend()
	if err := d.crossCheck(); err != nil {
		return nil, err
	}
	if d.Content, err = d.content(nil); err != nil {
		return nil, err
	}
	return d, nil
}

// loadAll reads and validates each file on its own, collecting the errors
// of all of them.
func loadAll() (*Data, error) {
	var (
		d    Data
		errs []error
		err  error
	)
	keep := func(e error) {
		if e != nil {
			errs = append(errs, e)
		}
	}
	d.Van, err = LoadVan()
	keep(err)
	d.Guns, err = LoadGuns()
	keep(err)
	d.Enemies, err = LoadEnemies()
	keep(err)
	d.Combat, err = LoadCombat()
	keep(err)
	d.Shop, err = LoadShop(d.Guns)
	keep(err)
	d.Campaign, err = LoadCampaign()
	keep(err)
	d.Display, err = LoadDisplay()
	keep(err)
	d.Keys, err = LoadKeys()
	keep(err)
	d.Colours, err = LoadColours()
	keep(err)
	d.Texts, err = LoadTexts()
	keep(err)
	d.LevelGen, err = LoadLevelGen()
	keep(err)
	return &d, errors.Join(errs...)
}

// crossCheck reports every reference from one file to another that points
// at nothing.
func (d *Data) crossCheck() error {
	var p problems
	d.checkGuns(&p)
	d.checkEnemies(&p)
	d.checkShop(&p)
	d.checkColourRoles(&p)
	d.checkHelp(&p)
	return p.err()
}

func (d *Data) checkGuns(p *problems) {
	for _, m := range d.Van.StartGuns {
		d.needGun(p, vanFile+": start_gun", m.Gun)
	}
	for _, e := range d.Enemies.List {
		for _, m := range e.Weapons {
			d.needGun(p, fmt.Sprintf("%s: enemy %q", enemiesFile, e.ID), m.Gun)
		}
	}
}

func (d *Data) needGun(p *problems, where, id string) {
	if _, ok := d.Guns.Get(id); !ok {
		p.addf("%s names gun %q, which %s does not define", where, id, gunsFile)
	}
}

// legend lists every thing a level can hold: the built-in things, then
// the enemies in file order.
func (d *Data) legend() []Thing {
	things := slices.Clone(BuiltinThings)
	for _, e := range d.Enemies.List {
		things = append(things, Thing{ID: e.ID, Char: e.MapChar()})
	}
	return things
}

func (d *Data) checkEnemies(p *problems) {
	// The legend is made afresh, so the tables are checked against the
	// enemies as they are now.
	tables := d.LevelGen
	tables.Legend = d.legend()
	if err := tables.Validate(); err != nil {
		for _, e := range splitJoined(err) {
			p.addf("%s: %v", levelGenFile, e)
		}
	}
	for _, e := range d.Enemies.List {
		where := fmt.Sprintf("%s: enemy %q", enemiesFile, e.ID)
		if !d.Texts.Has(e.BumpText) {
			p.addf("%s bump_text %q is not in %s", where, e.BumpText, textsFile)
		} else if !strings.Contains(d.Texts.Get(e.BumpText), "{enemy}") {
			p.addf("%s bump_text %q must name the attacker with {enemy}", where, e.BumpText)
		}
	}
}

func (d *Data) checkShop(p *problems) {
	for _, o := range d.Shop.Offers {
		if o.Kind == OfferArmour && o.Level > d.Van.MaxArmour {
			p.addf("%s: offer %q sells armour level %d, above %s max_armour %d",
				shopFile, o.ID, o.Level, vanFile, d.Van.MaxArmour)
		}
	}
}

// checkColourRoles checks the roles named outside colours.toml.
func (d *Data) checkColourRoles(p *problems) {
	need := func(file, owner, role string) {
		if !d.Colours.Has(Role(role)) {
			p.addf("%s: %s colour %q is not a role in %s", file, owner, role, coloursFile)
		}
	}
	for _, g := range d.Guns.List {
		need(gunsFile, fmt.Sprintf("gun %q", g.ID), g.Colour)
	}
	for _, e := range d.Enemies.List {
		need(enemiesFile, fmt.Sprintf("enemy %q", e.ID), e.Colour)
	}
	need(combatFile, "explosion", d.Combat.Explosion.Colour)
}

// checkHelp checks that the controls screen can describe every action.
func (d *Data) checkHelp(p *problems) {
	for _, c := range []Context{ContextGameplay, ContextMenu, ContextReplay} {
		for _, b := range d.Keys.Context(c) {
			if !d.Texts.Has(HelpFor(b.Action)) {
				p.addf("%s: action %s has no help text %s", textsFile, b.Action, HelpFor(b.Action))
			}
		}
	}
}
