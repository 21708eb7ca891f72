package game

import (
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game/vocab"
)

// arrive ends a delivery at a survivor camp: the pay for the letters, the
// hull patched, a fresh shop stock. Engine, tyres and armour are not
// restored: that is what the shop is for.
func (g *Game) arrive() {
	g.saveVan()
	letters := vocab.Letters.Value(g.world, g.van)
	pay := g.data.Campaign.Pay(letters)
	g.Run.Letters += letters
	g.Run.Money += pay
	g.Run.Earned += pay
	g.Run.LastPay = pay
	g.Run.Delivery++
	if g.data.Campaign.HealAtCamp {
		g.Run.Van.HP.Cur = g.Run.Van.HP.Max
	}
	g.Run.Phase = PhaseCamp
	if g.Run.Delivery == g.data.Campaign.DeliveriesToWin {
		g.Run.Won = true
	}
	g.Run.Stock = g.drawStock()
	g.log.Add(vocab.Message{ID: assets.MsgArrived, N: pay}, g.Run.Turns)
}

// drawStock picks the camp shop's offers by weight.
func (g *Game) drawStock() []string {
	shop := g.data.Shop
	n := shop.StockMin + g.rng.IntN(shop.StockMax-shop.StockMin+1)
	total := 0
	for _, o := range shop.Offers {
		total += o.Weight
	}
	stock := make([]string, 0, n)
	for range n {
		r := g.rng.IntN(total)
		for _, o := range shop.Offers {
			if r < o.Weight {
				stock = append(stock, o.ID)
				break
			}
			r -= o.Weight
		}
	}
	return stock
}

// doCamp plays a command at the camp.
func (g *Game) doCamp(c Command) (Result, error) {
	var refusal assets.TextID
	switch c.Kind {
	case CmdBuy:
		refusal = g.buy(c.Index)
	case CmdMount:
		refusal = g.mount(c.Dir, c.Index)
	case CmdUnmount:
		refusal = g.unmount(c.Dir)
	case CmdDiscard:
		refusal = g.discard(c.Index)
	case CmdDepart:
		g.startDelivery()
		return Result{Took: true}, nil
	default:
		refusal = assets.PromptNotNow
	}
	if refusal != "" {
		return refuse(refusal)
	}
	return Result{Took: true}, nil
}

// buy purchases stock offer i, or says why not.
func (g *Game) buy(i int) assets.TextID {
	if i < 0 || i >= len(g.Run.Stock) {
		return assets.PromptNoSuchItem
	}
	o, _ := g.data.Shop.Offer(g.Run.Stock[i])
	van := &g.Run.Van
	switch {
	case o.Price > g.Run.Money:
		return assets.ShopCannotAfford
	case o.Kind == assets.OfferRepair && o.Restores == assets.StatEngine && van.Engine.Full(),
		o.Kind == assets.OfferRepair && o.Restores == assets.StatTyres && van.Tyres.Full(),
		o.Kind == assets.OfferArmour && o.Level <= van.Armour:
		return assets.PromptNoEffect
	case (o.Kind == assets.OfferGun || o.Kind == assets.OfferConsumable) && len(g.Run.Inventory) >= g.data.Van.InventoryCapacity:
		return assets.ShopInventoryFull
	}
	g.Run.Money -= o.Price
	g.Run.Purchases++
	g.Run.Stock = append(g.Run.Stock[:i], g.Run.Stock[i+1:]...)
	switch o.Kind {
	case assets.OfferRepair:
		if o.Restores == assets.StatEngine {
			van.Engine.Cur = min(van.Engine.Cur+o.Amount, van.Engine.Max)
		} else {
			van.Tyres.Cur = min(van.Tyres.Cur+o.Amount, van.Tyres.Max)
		}
	case assets.OfferArmour:
		van.Armour = o.Level
	case assets.OfferGun:
		g.Run.Inventory = append(g.Run.Inventory, o.Gun)
	case assets.OfferConsumable:
		g.Run.Inventory = append(g.Run.Inventory, o.Consumable)
	}
	return ""
}

// mount puts inventory gun i on side d, swapping any gun there back into
// the inventory.
func (g *Game) mount(d geom.Dir, i int) assets.TextID {
	slot := vocab.Slot(d)
	if slot < 0 || i < 0 || i >= len(g.Run.Inventory) {
		return assets.PromptNoSuchItem
	}
	gun := g.Run.Inventory[i]
	if _, ok := g.data.Guns.Get(gun); !ok {
		return assets.PromptNotAGun
	}
	old := g.Run.Van.Guns[slot]
	g.Run.Van.Guns[slot] = gun
	g.removeItem(i)
	if old != "" {
		g.Run.Inventory = append(g.Run.Inventory, old)
	}
	return ""
}

// unmount takes the gun off side d into the inventory.
func (g *Game) unmount(d geom.Dir) assets.TextID {
	slot := vocab.Slot(d)
	if slot < 0 || g.Run.Van.Guns[slot] == "" {
		return assets.PromptEmptySlot
	}
	if len(g.Run.Inventory) >= g.data.Van.InventoryCapacity {
		return assets.ShopInventoryFull
	}
	g.Run.Inventory = append(g.Run.Inventory, g.Run.Van.Guns[slot])
	g.Run.Van.Guns[slot] = ""
	return ""
}

// discard throws inventory item i away.
func (g *Game) discard(i int) assets.TextID {
	if i < 0 || i >= len(g.Run.Inventory) {
		return assets.PromptNoSuchItem
	}
	g.removeItem(i)
	return ""
}
