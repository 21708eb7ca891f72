package ui

import (
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// newCamp is the camp between deliveries: trader, garage, inventory and the
// road on. Every change goes through the game as a command, so it is
// recorded like a turn.
func newCamp(a *App) *menuView {
	return &menuView{build: campPage, hud: true, cancel: func(a *App, _ *menuView) { a.push(newPause(a)) }}
}

func campPage(a *App) menuPage {
	run := a.game.Run
	c := a.data.Campaign
	page := menuPage{
		title: a.text(assets.CampTitle),
		prelude: []string{
			a.text(assets.CampIntro),
			a.payLine(run.LastPay),
			a.text(assets.CampProgress, "done", run.Delivery, "goal", c.DeliveriesToWin),
		},
		items: []menuItem{
			{label: a.text(assets.CampShop), hotkey: 't', pick: func(a *App, _ *menuView) { a.push(subMenu(shopPage)) }},
			{label: a.text(assets.CampGarage), hotkey: 'g', pick: func(a *App, _ *menuView) { a.push(subMenu(garagePage)) }},
			{label: a.text(assets.CampInventory), hotkey: 'i', pick: func(a *App, _ *menuView) { a.push(subMenu(campInventoryPage)) }},
			{label: a.text(assets.CampNext), hotkey: 'r', pick: func(a *App, _ *menuView) {
				a.do(game.Command{Kind: game.CmdDepart})
			}},
		},
	}
	if run.Won {
		// No hotkey: a run ends only when the player means it.
		page.items = append(page.items, menuItem{label: a.text(assets.CampRetire), pick: func(a *App, _ *menuView) {
			confirm(a, a.text(assets.CampRetireConfirm), func(a *App) { a.do(game.Command{Kind: game.CmdRetire}) })
		}})
	}
	return page
}

// payLine tells what the last run paid: the base and the letters, in the
// singular for one letter.
func (a *App) payLine(pay int) string {
	c := a.data.Campaign
	letterPay := pay - c.PayBase
	letters := 0
	if c.PayPerLetter > 0 {
		letters = letterPay / c.PayPerLetter
	}
	id := assets.CampPay
	switch letters {
	case 0:
		id = assets.CampPayNone
	case 1:
		id = assets.CampPayOne
	}
	return a.text(id, "pay", pay, "base", c.PayBase, "letter_pay", letterPay, "letters", letters)
}

// subMenu is a camp screen with the status line that the cancel key closes.
func subMenu(build func(a *App) menuPage) *menuView {
	return &menuView{build: build, hud: true}
}

// back is the item that closes a menu.
func back(a *App, id assets.TextID) menuItem {
	return menuItem{label: a.text(id), pick: func(a *App, _ *menuView) { a.pop() }}
}

// campDo plays a camp command and puts the outcome in the menu's notice:
// the refusal, or the given line on success.
func campDo(a *App, m *menuView, c game.Command, success string) bool {
	r := a.do(c)
	if !r.Took {
		m.notice = a.message(r.Refusal)
		return false
	}
	m.notice = success
	return true
}

func shopPage(a *App) menuPage {
	page := menuPage{title: a.text(assets.ShopTitle, "bank", a.game.Money())}
	stock := a.game.Stock()
	for i, id := range stock {
		o, _ := a.data.Shop.Offer(id)
		page.items = append(page.items, menuItem{
			label: a.offerLabel(o),
			pick: func(a *App, m *menuView) {
				if campDo(a, m, game.Command{Kind: game.CmdBuy, Index: i}, a.text(assets.ShopBought, "name", o.Name)) {
					m.sel = afterPurchase(a.game.Stock(), i)
				}
			},
		})
	}
	if len(stock) == 0 {
		page.prelude = []string{a.text(assets.ShopSoldOut)}
	}
	page.items = append(page.items, back(a, assets.ShopBack))
	page.detail = func(sel int) []string {
		if sel < len(stock) {
			o, _ := a.data.Shop.Offer(stock[sel])
			if a.game.Needless(o.ID) {
				return []string{o.Description, a.text(assets.ShopNoEffect)}
			}
			return []string{o.Description}
		}
		return nil
	}
	return page
}

// offerLabel is an offer's row in the shop: its name and price (what the
// game asks today, so a repair priced by the damage shows its real cost),
// and for a gun what it does (damage a round, rounds a shot, reach) and
// where it mounts, so guns compare before one is bought. An offer that
// would do nothing for the van (a repair of a whole part) says it is not
// needed instead of asking a price the rules would refuse.
func (a *App) offerLabel(o assets.Offer) string {
	if a.game.Needless(o.ID) {
		return a.text(assets.ShopItemNeedless, "name", o.Name)
	}
	price := a.game.Price(o.ID)
	gun, ok := a.data.Guns.Get(o.Gun)
	if o.Kind != assets.OfferGun || !ok {
		return a.text(assets.ShopItem, "name", o.Name, "price", price)
	}
	return a.text(assets.ShopGunItem, "name", o.Name, "price", price, "damage", a.data.Combat.BulletDamage,
		"bullets", gun.Bullets, "reach", gun.Range+1, "sides", a.text(assets.ShopAnySide))
}

// afterPurchase is the shop's row once the offer on row i is bought: the
// same row, which now holds another of that offer or the next one, or the
// last offer if the bought one was last. It is never Back while anything
// is on sale, so a second confirm never leaves the shop by surprise.
func afterPurchase(stock []string, i int) int {
	return max(min(i, len(stock)-1), 0)
}

func garagePage(a *App) menuPage {
	page := menuPage{title: a.text(assets.GarageTitle)}
	for _, s := range assets.Slots {
		d := s.Dir()
		gun := a.mounted(d)
		name := a.text(assets.GarageEmpty)
		if gun != "" {
			name = a.itemName(gun)
		}
		page.items = append(page.items, menuItem{
			label: a.text(assets.GarageSlotLine, "slot", a.text(recap.SlotText(s)), "gun", name),
			pick:  func(a *App, _ *menuView) { a.push(subMenu(slotPage(s))) },
		})
	}
	page.items = append(page.items, back(a, assets.GarageBack))
	return page
}

// mounted returns the gun on side d as the campaign keeps it.
func (a *App) mounted(d geom.Dir) string {
	return a.game.VanState().Guns.Gun(d)
}

// slotPage offers, for one slot, to take its gun off or mount any gun from
// the inventory (the old one goes back into the inventory).
func slotPage(s assets.Slot) func(a *App) menuPage {
	return func(a *App) menuPage {
		d := s.Dir()
		slot := a.text(recap.SlotText(s))
		gun := a.mounted(d)
		page := menuPage{title: a.text(assets.GarageSlotEmpty, "slot", slot)}
		var guns []string
		if gun != "" {
			page.title = a.text(assets.GarageSlotGun, "slot", slot, "gun", a.itemName(gun))
			page.items = append(page.items, menuItem{label: a.text(assets.GarageUnmount), pick: func(a *App, m *menuView) {
				campDo(a, m, game.Command{Kind: game.CmdUnmount, Dir: d}, "")
			}})
			guns = append(guns, gun)
		}
		spare := 0
		for i, id := range a.game.Inventory() {
			if _, ok := a.data.Guns.Get(id); !ok {
				continue
			}
			spare++
			guns = append(guns, id)
			page.items = append(page.items, menuItem{label: a.itemName(id), pick: func(a *App, m *menuView) {
				campDo(a, m, game.Command{Kind: game.CmdMount, Dir: d, Index: i}, a.text(assets.GarageMounted, "gun", a.itemName(id)))
			}})
		}
		if spare == 0 {
			page.prelude = []string{a.text(assets.GarageNoGuns)}
		}
		page.items = append(page.items, back(a, assets.GarageBack))
		page.detail = func(sel int) []string {
			if sel < len(guns) {
				return []string{a.itemDescription(guns[sel])}
			}
			return nil
		}
		return page
	}
}

func campInventoryPage(a *App) menuPage {
	page := inventoryPage(a, func(a *App, m *menuView, i int) {
		a.push(subMenu(itemPage(i, a.game.Inventory()[i], m)))
	})
	page.items = append(page.items, back(a, assets.InventoryBack))
	return page
}

// inventoryPage lists the van's items; pick says what choosing one does.
func inventoryPage(a *App, pick func(a *App, m *menuView, i int)) menuPage {
	inv := a.game.Inventory()
	page := menuPage{title: a.text(assets.InventoryTitle, "count", len(inv), "capacity", a.data.Van.InventoryCapacity)}
	for i, id := range inv {
		page.items = append(page.items, menuItem{label: a.itemName(id), pick: func(a *App, m *menuView) { pick(a, m, i) }})
	}
	if len(inv) == 0 {
		page.prelude = []string{a.text(assets.InventoryEmpty)}
	}
	page.detail = func(sel int) []string {
		if sel < len(inv) {
			return []string{a.itemDescription(inv[sel])}
		}
		return nil
	}
	return page
}

// itemPage shows one inventory item with the offer to use it, if it is a
// kit, and to throw it away (after a confirmation); the outcome is reported
// on the inventory list.
func itemPage(i int, id string, list *menuView) func(a *App) menuPage {
	return func(a *App) menuPage {
		name := a.itemName(id)
		var items []menuItem
		if _, kit := a.data.Shop.Consumable(id); kit {
			items = append(items, menuItem{label: a.text(assets.InventoryUse), pick: func(a *App, m *menuView) {
				a.pop()
				if campDo(a, list, game.Command{Kind: game.CmdUse, Index: i}, "") {
					list.notice = a.lastLine()
				}
			}})
		}
		items = append(items,
			menuItem{label: a.text(assets.InventoryDiscard), pick: func(a *App, m *menuView) {
				confirm(a, a.text(assets.InventoryDiscardConfirm, "name", name), func(a *App) {
					a.pop()
					campDo(a, list, game.Command{Kind: game.CmdDiscard, Index: i}, a.text(assets.InventoryDiscarded, "name", name))
				})
			}},
			back(a, assets.InventoryBack))
		return menuPage{title: name, prelude: []string{a.itemDescription(id)}, items: items}
	}
}

// lastLine is the newest line of the message log, as the player reads it.
func (a *App) lastLine() string {
	last := a.game.Log().Last(1)
	if len(last) == 0 {
		return ""
	}
	return a.message(last[0].Msg)
}

// newFieldInventory is the inventory on the road: choosing an item uses it,
// which takes the turn; a refusal (moving, nothing to mend, a gun) is shown
// on the list and costs nothing.
func newFieldInventory(a *App) *menuView {
	var m *menuView
	use := func(a *App, i int) {
		r := a.do(game.Command{Kind: game.CmdUse, Index: i})
		if !r.Took && a.game.Phase() == act.PhaseRoad {
			m.notice = a.message(r.Refusal)
			a.push(m)
		}
	}
	m = &menuView{hud: true, build: func(a *App) menuPage {
		page := inventoryPage(a, func(a *App, _ *menuView, i int) {
			a.pop()
			// Fitting a kit takes the turn standing still: beside an enemy
			// that is a free blow, so the driver is asked first.
			enemy, near := a.enemyBeside()
			_, kit := a.data.Shop.Consumable(a.game.Inventory()[i])
			if !near || !kit || vocab.Speed.Value(a.game.World(), a.game.Van()) != 0 {
				use(a, i)
				return
			}
			question := a.text(assets.InventoryEnemyNear, "enemy", enemy, "name", a.itemName(a.game.Inventory()[i]))
			confirm(a, question, func(a *App) { use(a, i) })
		})
		page.items = append(page.items, back(a, assets.InventoryBack))
		return page
	}}
	return m
}

// enemyBeside names an enemy in a cell next to the van, if any.
func (a *App) enemyBeside() (string, bool) {
	van, ok := vanAt(a.game)
	if !ok {
		return "", false
	}
	w := a.game.World()
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			for _, e := range w.Spatial().At(geom.Pt(van.X+dx, van.Y+dy)) {
				if en, ok := vocab.EnemyOf(&a.data.Enemies, vocab.KindOf.Value(w, e)); ok {
					return en.Name, true
				}
			}
		}
	}
	return "", false
}

// itemName is the name of a gun or consumable id.
func (a *App) itemName(id string) string {
	name, _ := a.item(id)
	return name
}

// itemDescription describes a gun or consumable id.
func (a *App) itemDescription(id string) string {
	_, description := a.item(id)
	return description
}

// item returns the name and description of a gun or consumable id; an
// unknown id is its own name.
func (a *App) item(id string) (name, description string) {
	if g, ok := a.data.Guns.Get(id); ok {
		return g.Name, g.Description
	}
	if c, ok := a.data.Shop.Consumable(id); ok {
		return c.Name, c.Description
	}
	return id, ""
}
