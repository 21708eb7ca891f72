package assets

import (
	"errors"
	"fmt"
	"os"
	"slices"
)

// Extra is content added to the embedded data from a file of its own: guns,
// enemies, shop offers and spawn table entries, written as in guns.toml,
// enemies.toml, shop.toml and levelgen.toml ([spawn] dirt and road lists).
// It is how tests, and anyone trying out new content, add to the game
// without editing the shipped files.
type Extra struct {
	Guns    []Gun       `toml:"gun"`
	Enemies []Enemy     `toml:"enemy"`
	Offers  []Offer     `toml:"offer"`
	Spawn   SpawnTables `toml:"spawn"`
}

// LoadExtra reads the embedded data as Load does, then each extra file in
// turn, decoded as strictly as the embedded files, and adds its entries
// after the shipped ones: a new spawn entry rolls after the old ones, so
// the old things keep their chances. The result passes every check of Load;
// errors name the extra file.
func LoadExtra(paths ...string) (*Data, error) {
	d, err := loadAll()
	if err != nil {
		return nil, err
	}
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("assets: %w", err)
		}
		var x Extra
		if err := DecodeStrict(path, text, &x); err != nil {
			return nil, err
		}
		if err := d.add(x); err != nil {
			return nil, prefixed(path, err)
		}
	}
	d.LevelGen.Legend = d.legend()
	if err := d.crossCheck(); err != nil {
		return nil, err
	}
	if d.Content, err = d.content(paths); err != nil {
		return nil, err
	}
	return d, nil
}

// add appends x to d and checks each list it touched as its file's loader
// would.
func (d *Data) add(x Extra) error {
	d.Guns.List = append(slices.Clip(d.Guns.List), x.Guns...)
	d.Enemies.List = append(slices.Clip(d.Enemies.List), x.Enemies...)
	d.LevelGen.Spawn.Dirt = append(slices.Clip(d.LevelGen.Spawn.Dirt), x.Spawn.Dirt...)
	d.LevelGen.Spawn.Road = append(slices.Clip(d.LevelGen.Spawn.Road), x.Spawn.Road...)
	errs := []error{d.Guns.Validate(), d.Enemies.Validate(), d.LevelGen.Validate()}
	if len(x.Offers) > 0 {
		// The new offers are checked on their own, as shop.toml's are
		// before their guns are resolved, then for ids the shop has.
		spec := shopSpec{StockMin: d.Shop.StockMin, StockMax: d.Shop.StockMax,
			Consumables: d.Shop.Consumables, Offers: x.Offers}
		errs = append(errs, spec.Validate())
		added := Shop(spec)
		errs = append(errs, added.resolve(d.Guns))
		for _, o := range added.Offers {
			if _, dup := d.Shop.Offer(o.ID); dup {
				errs = append(errs, fmt.Errorf("offer %q is defined twice", o.ID))
			}
		}
		d.Shop.Offers = append(slices.Clip(d.Shop.Offers), added.Offers...)
	}
	return errors.Join(errs...)
}

// prefixed puts the file name in front of each of err's problems.
func prefixed(name string, err error) error {
	var out []error
	for _, e := range splitJoined(err) {
		if e != nil {
			out = append(out, fmt.Errorf("%s: %w", name, e))
		}
	}
	return errors.Join(out...)
}
