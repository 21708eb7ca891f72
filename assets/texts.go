package assets

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

const textsFile = "texts.toml"

// TextID names one player-facing text: "section.key" in texts.toml. Code
// refers to texts only through the constants below; texts.toml must hold
// exactly these ids.
type TextID string

// Log messages, for things that happen on the road.
const (
	MsgTyreBurst       TextID = "msg.tyre_burst"
	MsgEngineHit       TextID = "msg.engine_hit"
	MsgEngineHitSlower TextID = "msg.engine_hit_slower"
	MsgEngineDead      TextID = "msg.engine_dead"
	MsgArmourLost      TextID = "msg.armour_lost"
	MsgArmourHeld      TextID = "msg.armour_held"
	MsgHurt            TextID = "msg.hurt"
	MsgShot            TextID = "msg.shot"
	MsgShotBy          TextID = "msg.shot_by"
	MsgClawedBy        TextID = "msg.clawed_by"
	MsgRammedBy        TextID = "msg.rammed_by"
	MsgShrapnel        TextID = "msg.shrapnel"
	MsgSteerFailed     TextID = "msg.steer_failed"
	MsgSteerStopped    TextID = "msg.steer_stopped"
	MsgTopSpeed        TextID = "msg.top_speed"
	MsgAlreadyStopped  TextID = "msg.already_stopped"
	MsgAcidTyre        TextID = "msg.acid_tyre"
	MsgEngineRepaired  TextID = "msg.engine_repaired"
	MsgTyreReplaced    TextID = "msg.tyre_replaced"
	MsgLetterTaken     TextID = "msg.letter_taken"
	MsgLetterBurnt     TextID = "msg.letter_burnt"
	MsgRunOver         TextID = "msg.run_over"
	MsgCrushed         TextID = "msg.crushed"
	MsgEnemyKilled     TextID = "msg.enemy_killed"
	MsgBarrelExplodes  TextID = "msg.barrel_explodes"
	MsgArrived         TextID = "msg.arrived"
	MsgDied            TextID = "msg.died"
	MsgStranded        TextID = "msg.stranded"
	MsgBoxedIn         TextID = "msg.boxed_in"
	MsgDeliveryStarts  TextID = "msg.delivery_starts"
	// MsgGunHits and MsgShrapnelHits tell a hit on an enemy that leaves it
	// standing; the log folds the hits of one turn into one line.
	MsgGunHits      TextID = "msg.gun_hits"
	MsgShrapnelHits TextID = "msg.shrapnel_hits"
	// MsgGunHitsMany and MsgShrapnelHitsMany are those folded lines.
	MsgGunHitsMany      TextID = "msg.gun_hits_many"
	MsgShrapnelHitsMany TextID = "msg.shrapnel_hits_many"
	// MsgBlockedBy and the two after it say what stopped the van.
	MsgBlockedBy       TextID = "msg.blocked_by"
	MsgBlockedByWreck  TextID = "msg.blocked_by_wreck"
	MsgBlockedByBarrel TextID = "msg.blocked_by_barrel"
	// MsgBarrelShotByYou and the four after it tell what set a barrel off:
	// the van's round, an enemy's, a stray one, another barrel's blast, the
	// van driving into it.
	MsgBarrelShotByYou     TextID = "msg.barrel_shot_by_you"
	MsgBarrelShotBy        TextID = "msg.barrel_shot_by"
	MsgBarrelShotStray     TextID = "msg.barrel_shot_stray"
	MsgBarrelSetOffByBlast TextID = "msg.barrel_set_off_by_blast"
	MsgBarrelRammed        TextID = "msg.barrel_rammed"
	// MsgMissed is a round of the van's that hit nothing.
	MsgMissed TextID = "msg.missed"
	// MsgGunKills is the van's gun dealing an enemy its killing hit.
	MsgGunKills TextID = "msg.gun_kills"
)

// Prompts and refusals that the next message replaces.
const (
	PromptFireDirection TextID = "prompt.fire_direction"
	// PromptFireGun and PromptFireBurst list a mounted gun in the fire
	// prompt; a burst gun also says its period.
	PromptFireGun       TextID = "prompt.fire_gun"
	PromptFireBurst     TextID = "prompt.fire_burst"
	PromptEmptySlot     TextID = "prompt.empty_slot"
	PromptCancelled     TextID = "prompt.cancelled"
	PromptMoving        TextID = "prompt.moving"
	PromptNoEffect      TextID = "prompt.no_effect"
	PromptMountAtGarage TextID = "prompt.mount_at_garage"
	PromptPressKey      TextID = "prompt.press_key"
	PromptNoSuchItem    TextID = "prompt.no_such_item"
	PromptNotAGun       TextID = "prompt.not_a_gun"
	PromptNotNow        TextID = "prompt.not_now"
	// PromptNotWon refuses retiring before the run is won.
	PromptNotWon TextID = "prompt.not_won"
)

// Title screen texts.
const (
	TitleName           TextID = "title.name"
	TitleTagline        TextID = "title.tagline"
	TitleContinue       TextID = "title.continue"
	TitleNewGame        TextID = "title.new_game"
	TitleControls       TextID = "title.controls"
	TitleQuit           TextID = "title.quit"
	TitleSaveQuit       TextID = "title.save_quit"
	TitleSeed           TextID = "title.seed"
	TitleSaveUnreadable TextID = "title.save_unreadable"
	// TitleSaveStuck is a damaged save that could not even be moved aside.
	TitleSaveStuck TextID = "title.save_stuck"
	// TitleLoadFailed is a save that could not be opened at all.
	TitleLoadFailed TextID = "title.load_failed"
	TitleHighScores TextID = "title.high_scores"
	// TitleDaily starts the day's road (the -daily flag).
	TitleDaily TextID = "title.daily"
	// TitleDailyScores opens the daily road's table; TitleForks the
	// forks' table.
	TitleDailyScores TextID = "title.daily_scores"
	TitleForks       TextID = "title.forks"
)

// High-score table texts. ScoresHeader heads the columns the table prints.
const (
	ScoresTitle  TextID = "scores.title"
	ScoresEmpty  TextID = "scores.empty"
	ScoresHeader TextID = "scores.header"
	ScoresWon    TextID = "scores.won"
	// ScoresProven marks an entry whose recording replays to it.
	ScoresProven TextID = "scores.proven"
	// ScoresUnproven marks an entry whose recording is gone or does not
	// replay to it.
	ScoresUnproven TextID = "scores.unproven"
	// ScoresPending marks an entry whose recording is being replayed.
	ScoresPending TextID = "scores.pending"
	// ScoresTooLong marks an entry whose recording is past the cost bound
	// of a proof, and is not replayed.
	ScoresTooLong TextID = "scores.too_long"
	// ScoresLegend explains the marks, below a table that has any.
	ScoresLegend TextID = "scores.legend"
)

// The daily road's table and the forks' table. A header heads the columns
// its table prints; a note follows the rows.
const (
	TablesDailyTitle  TextID = "tables.daily_title"
	TablesDailyEmpty  TextID = "tables.daily_empty"
	TablesDailyHeader TextID = "tables.daily_header"
	TablesDailyNote   TextID = "tables.daily_note"
	TablesForksTitle  TextID = "tables.forks_title"
	TablesForksEmpty  TextID = "tables.forks_empty"
	TablesForksHeader TextID = "tables.forks_header"
	TablesForksNote   TextID = "tables.forks_note"
	// TablesUnreadable follows the rows read before a line that could not
	// be read.
	TablesUnreadable TextID = "tables.unreadable"
	// The Tables cause texts word how a run ended in a table's column.
	TablesCauseDestroyed TextID = "tables.cause_destroyed"
	TablesCauseAbandoned TextID = "tables.cause_abandoned"
	TablesCauseStranded  TextID = "tables.cause_stranded"
	TablesCauseRetired   TextID = "tables.cause_retired"
)

// Texts shared by menus and full-screen pages.
const (
	MenuYes TextID = "menu.yes"
	MenuNo  TextID = "menu.no"
	// MenuHotkey shows a menu item with the letter that picks it.
	MenuHotkey TextID = "menu.hotkey"
	PagerHint  TextID = "pager.hint"
	// PagerNext names the key that turns to the next page of a cycle.
	PagerNext TextID = "pager.next"
	// PagerPrev names the keys that turn the second page of a cycle.
	PagerPrev TextID = "pager.prev"
)

// HintFirstRun is the hint shown on the first turns of a first run.
const HintFirstRun TextID = "hint.first_run"

// Legend texts: the headings of the legend page and the lines that no
// data table describes.
const (
	LegendTitle      TextID = "legend.title"
	LegendThings     TextID = "legend.things"
	LegendEnemies    TextID = "legend.enemies"
	LegendHurt       TextID = "legend.hurt"
	LegendShots      TextID = "legend.shots"
	LegendBullet     TextID = "legend.bullet"
	LegendFragment   TextID = "legend.fragment"
	LegendGround     TextID = "legend.ground"
	LegendRemembered TextID = "legend.remembered"
	LegendUnknown    TextID = "legend.unknown"
	// LegendAiming heads the marks the fire prompt puts on the map.
	LegendAiming TextID = "legend.aiming"
	// LegendReach and LegendInReach explain the reach marks; their {mark}
	// names how the mark looks (LegendMarkReach, LegendMarkInReach in
	// colour, the role's attribute without), as LegendHurt's does.
	LegendReach       TextID = "legend.reach"
	LegendInReach     TextID = "legend.in_reach"
	LegendMarkHurt    TextID = "legend.mark_hurt"
	LegendMarkReach   TextID = "legend.mark_reach"
	LegendMarkInReach TextID = "legend.mark_in_reach"
	// The names of the attributes a role gets without colour, in the
	// order of assets.Attr: see LegendAttr.
	LegendAttrNone      TextID = "legend.attr_none"
	LegendAttrBold      TextID = "legend.attr_bold"
	LegendAttrReverse   TextID = "legend.attr_reverse"
	LegendAttrDim       TextID = "legend.attr_dim"
	LegendAttrUnderline TextID = "legend.attr_underline"
)

// LegendAttr returns the id of the legend's name for attribute a, how a
// mark looks on a terminal without colour.
func LegendAttr(a Attr) TextID { return TextID("legend.attr_" + a.String()) }

// Controls screen texts. The ones named after an action describe it; see
// HelpFor.
const (
	HelpTitle      TextID = "help.title"
	HelpOnRoad     TextID = "help.on_road"
	HelpInMenus    TextID = "help.in_menus"
	HelpInReplay   TextID = "help.in_replay"
	HelpClose      TextID = "help.close"
	HelpSteerUp    TextID = "help.steer_up"
	HelpSteerDown  TextID = "help.steer_down"
	HelpAccelerate TextID = "help.accelerate"
	HelpDecelerate TextID = "help.decelerate"
	HelpWait       TextID = "help.wait"
	HelpFire       TextID = "help.fire"
	HelpInventory  TextID = "help.inventory"
	HelpLook       TextID = "help.look"
	HelpHelp       TextID = "help.help"
	HelpMessageLog TextID = "help.message_log"
	HelpTrace      TextID = "help.trace"
	HelpPause      TextID = "help.pause"
	HelpMenuUp     TextID = "help.menu_up"
	HelpMenuDown   TextID = "help.menu_down"
	HelpConfirm    TextID = "help.confirm"
	HelpCancel     TextID = "help.cancel"
	HelpWhy        TextID = "help.why"
)

// Camp menu texts.
const (
	CampTitle TextID = "camp.title"
	CampIntro TextID = "camp.intro"
	// CampPay tells the pay for a run with two or more letters, CampPayOne
	// with one and CampPayNone with none.
	CampPay       TextID = "camp.pay"
	CampPayOne    TextID = "camp.pay_one"
	CampPayNone   TextID = "camp.pay_none"
	CampProgress  TextID = "camp.progress"
	CampShop      TextID = "camp.shop"
	CampGarage    TextID = "camp.garage"
	CampInventory TextID = "camp.inventory"
	CampNext      TextID = "camp.next"
	// CampRetire ends a won run; CampRetireConfirm asks first.
	CampRetire        TextID = "camp.retire"
	CampRetireConfirm TextID = "camp.retire_confirm"
)

// Trader texts.
const (
	ShopTitle TextID = "shop.title"
	ShopItem  TextID = "shop.item"
	// ShopItemNeedless is an offer's row when buying it would do nothing.
	ShopItemNeedless  TextID = "shop.item_needless"
	ShopGunItem       TextID = "shop.gun_item"
	ShopAnySide       TextID = "shop.any_side"
	ShopCannotAfford  TextID = "shop.cannot_afford"
	ShopInventoryFull TextID = "shop.inventory_full"
	ShopNoEffect      TextID = "shop.no_effect"
	ShopBought        TextID = "shop.bought"
	ShopSoldOut       TextID = "shop.sold_out"
	ShopBack          TextID = "shop.back"
)

// Garage texts. Front, Rear, Left and Right name the slots.
const (
	GarageTitle         TextID = "garage.title"
	GarageFront         TextID = "garage.front"
	GarageRear          TextID = "garage.rear"
	GarageLeft          TextID = "garage.left"
	GarageRight         TextID = "garage.right"
	GarageSlotLine      TextID = "garage.slot_line"
	GarageEmpty         TextID = "garage.empty"
	GarageSlotGun       TextID = "garage.slot_gun"
	GarageSlotEmpty     TextID = "garage.slot_empty"
	GarageUnmount       TextID = "garage.unmount"
	GarageMounted       TextID = "garage.mounted"
	GarageInventoryFull TextID = "garage.inventory_full"
	GarageBack          TextID = "garage.back"
	GarageNoGuns        TextID = "garage.no_guns"
)

// Inventory texts.
const (
	InventoryTitle     TextID = "inventory.title"
	InventoryEmpty     TextID = "inventory.empty"
	InventoryUse       TextID = "inventory.use"
	InventoryDiscard   TextID = "inventory.discard"
	InventoryBack      TextID = "inventory.back"
	InventoryDiscarded TextID = "inventory.discarded"
	// InventoryDiscardConfirm asks before an item is thrown away.
	InventoryDiscardConfirm TextID = "inventory.discard_confirm"
	// InventoryEnemyNear asks before a kit is used beside an enemy.
	InventoryEnemyNear TextID = "inventory.enemy_near"
)

// End-of-run texts: death, victory and the run summary's labels.
const (
	EndDiedTitle    TextID = "end.died_title"
	EndDiedText     TextID = "end.died_text"
	EndVictoryTitle TextID = "end.victory_title"
	EndVictoryText  TextID = "end.victory_text"
	EndSummaryTitle TextID = "end.summary_title"
	EndDeliveries   TextID = "end.deliveries"
	EndLetters      TextID = "end.letters"
	// EndLettersUndelivered labels the letters the van still carried.
	EndLettersUndelivered TextID = "end.letters_undelivered"
	EndEarned             TextID = "end.earned"
	EndKilled             TextID = "end.killed"
	EndRunOver            TextID = "end.run_over"
	EndTurns              TextID = "end.turns"
	EndSeed               TextID = "end.seed"
	EndCause              TextID = "end.cause"
	EndCauseDestroyed     TextID = "end.cause_destroyed"
	EndCauseAbandoned     TextID = "end.cause_abandoned"
	EndCauseStranded      TextID = "end.cause_stranded"
	// EndCauseRetired words a won run ended by retiring.
	EndCauseRetired TextID = "end.cause_retired"
	// EndRetiredTitle and EndRetiredText head the end screen of a retired run.
	EndRetiredTitle   TextID = "end.retired_title"
	EndRetiredText    TextID = "end.retired_text"
	EndAbandonedTitle TextID = "end.abandoned_title"
	EndAbandonedText  TextID = "end.abandoned_text"
	EndContinue       TextID = "end.continue"
	// EndLastMessages heads the log's last lines on the death screen.
	EndLastMessages TextID = "end.last_messages"
	// EndDestroyedBy names what destroyed the van, one of the EndBy texts.
	EndDestroyedBy TextID = "end.destroyed_by"
	// EndMorgue labels the morgue file written as the run ended.
	EndMorgue     TextID = "end.morgue"
	EndByShotBy   TextID = "end.by_shot_by"
	EndByClawedBy TextID = "end.by_clawed_by"
	EndByRammedBy TextID = "end.by_rammed_by"
	EndByShrapnel TextID = "end.by_shrapnel"
	EndByShot     TextID = "end.by_shot"
	EndByUnknown  TextID = "end.by_unknown"
)

// Morgue file texts: the plain-text summary a finished run leaves in the
// data folder. Its rows reuse the end screen's labels.
const (
	MorgueTitle      TextID = "morgue.title"
	MorgueRow        TextID = "morgue.row"
	MorgueWon        TextID = "morgue.won"
	MorgueMoney      TextID = "morgue.money"
	MorgueVan        TextID = "morgue.van"
	MorgueVanStats   TextID = "morgue.van_stats"
	MorgueGuns       TextID = "morgue.guns"
	MorgueRecording  TextID = "morgue.recording"
	MorgueUnrecorded TextID = "morgue.unrecorded"
)

// Options screen texts, and the menu items that open it.
const (
	TitleOptions          TextID = "title.options"
	PauseOptions          TextID = "pause.options"
	OptionsTitle          TextID = "options.title"
	OptionsHint           TextID = "options.hint"
	OptionsPalette        TextID = "options.palette"
	OptionsPaletteAuto    TextID = "options.palette_auto"
	OptionsPaletteColours TextID = "options.palette_colours"
	OptionsPaletteMono    TextID = "options.palette_mono"
	OptionsSpeed          TextID = "options.speed"
	OptionsSpeedInstant   TextID = "options.speed_instant"
	OptionsSpeedTimes     TextID = "options.speed_times"
	OptionsLogLines       TextID = "options.log_lines"
	OptionsConfirmGiveUp  TextID = "options.confirm_give_up"
	OptionsBack           TextID = "options.back"
	OptionsSaved          TextID = "options.saved"
	OptionsSaveFailed     TextID = "options.save_failed"
)

// Pause menu texts.
const (
	PauseTitle    TextID = "pause.title"
	PauseResume   TextID = "pause.resume"
	PauseControls TextID = "pause.controls"
	PauseSaveQuit TextID = "pause.save_quit"
	PauseGiveUp   TextID = "pause.give_up"
	PauseQuit     TextID = "pause.quit"
	// PauseGiveUpConfirm asks before the run is given up.
	PauseGiveUpConfirm TextID = "pause.give_up_confirm"
	// PauseQuitConfirm asks before the game is left without saving.
	PauseQuitConfirm TextID = "pause.quit_confirm"
	// PauseQuitConfirmDaily follows that question on a daily road: the
	// day's one attempt is lost.
	PauseQuitConfirmDaily TextID = "pause.quit_confirm_daily"
	// PauseDailyToday and PauseDailyRoad name a daily road in the pause
	// box, played on its day or continued later.
	PauseDailyToday TextID = "pause.daily_today"
	PauseDailyRoad  TextID = "pause.daily_road"
	PauseSaveFailed TextID = "pause.save_failed"
)

// Controls screen texts, where the player changes the keys.
const (
	ControlsTitle      TextID = "controls.title"
	ControlsHint       TextID = "controls.hint"
	ControlsPress      TextID = "controls.press"
	ControlsTaken      TextID = "controls.taken"
	ControlsSame       TextID = "controls.same"
	ControlsAdded      TextID = "controls.added"
	ControlsRemoved    TextID = "controls.removed"
	ControlsLastKey    TextID = "controls.last_key"
	ControlsFull       TextID = "controls.full"
	ControlsUnbindable TextID = "controls.unbindable"
	ControlsRestore    TextID = "controls.restore"
	ControlsRestored   TextID = "controls.restored"
	ControlsSaveFailed TextID = "controls.save_failed"
)

// Look mode texts, including one description per map tile.
const (
	LookTitle      TextID = "look.title"
	LookHint       TextID = "look.hint"
	LookUnseen     TextID = "look.unseen"
	LookRemembered TextID = "look.remembered"
	LookNothing    TextID = "look.nothing"
	LookVan        TextID = "look.van"
	LookWreck      TextID = "look.wreck"
	LookBarrel     TextID = "look.barrel"
	LookLetter     TextID = "look.letter"
	LookBloodstain TextID = "look.bloodstain"
	LookRoad       TextID = "look.road"
	LookDirt       TextID = "look.dirt"
	LookAcid       TextID = "look.acid"
	LookGoal       TextID = "look.goal"
	LookEnemy      TextID = "look.enemy"
)

// Status line labels.
const (
	HUDHP       TextID = "hud.hp"
	HUDEngine   TextID = "hud.engine"
	HUDTyres    TextID = "hud.tyres"
	HUDArmour   TextID = "hud.armour"
	HUDSpeed    TextID = "hud.speed"
	HUDLetters  TextID = "hud.letters"
	HUDMoney    TextID = "hud.money"
	HUDDelivery TextID = "hud.delivery"
	// HUDSlid and HUDTyreLost repeat a setback of the round until the next
	// turn.
	HUDSlid     TextID = "hud.slid"
	HUDTyreLost TextID = "hud.tyre_lost"
	// HUDTarget shows the enemy the van hit last turn, with its health.
	HUDTarget TextID = "hud.target"
	// HUDTargetDown is that enemy when the last round killed it.
	HUDTargetDown TextID = "hud.target_down"
)

// Notices about the terminal.
const (
	ScreenTooSmall TextID = "screen.too_small"
)

// Replay viewer texts (lastpost -replay FILE).
const (
	ReplayHeader  TextID = "replay.header"
	ReplayPlaying TextID = "replay.playing"
	ReplayPaused  TextID = "replay.paused"
	ReplayEnded   TextID = "replay.ended"
	ReplayDesync  TextID = "replay.desync"
	ReplayKeys    TextID = "replay.keys"
	ReplayCommand TextID = "replay.command"
	ReplayGoTo    TextID = "replay.go_to_prompt"
	// The lines that describe the replay actions on the controls screen.
	HelpPlayPause    TextID = "help.play_pause"
	HelpStep         TextID = "help.step"
	HelpStepBack     TextID = "help.step_back"
	HelpRoadBack     TextID = "help.delivery_back"
	HelpRoadNext     TextID = "help.delivery_forward"
	HelpToStart      TextID = "help.to_start"
	HelpToEnd        TextID = "help.to_end"
	HelpGoTo         TextID = "help.go_to"
	HelpTakeWheel    TextID = "help.take_wheel"
	HelpFaster       TextID = "help.faster"
	HelpSlower       TextID = "help.slower"
	HelpStopWatching TextID = "help.stop_watching"
)

// Lines the command itself prints on standard error, when the game cannot
// start or stops unexpectedly.
const (
	CLITermUnset   TextID = "cli.term_unset"
	CLITermDumb    TextID = "cli.term_dumb"
	CLITermUnknown TextID = "cli.term_unknown"
	CLINoTTY       TextID = "cli.no_tty"
	CLITermFailed  TextID = "cli.term_failed"
	CLIDataDir     TextID = "cli.data_dir"
	// CLIDataDirInUse and CLIDataDirInUseBy are a data folder another copy
	// of the game holds, without and with its process id.
	CLIDataDirInUse   TextID = "cli.data_dir_in_use"
	CLIDataDirInUseBy TextID = "cli.data_dir_in_use_by"
	CLIStopped        TextID = "cli.stopped"
	CLIStoppedSaved   TextID = "cli.stopped_saved"
	CLIStoppedNoSave  TextID = "cli.stopped_no_save"
	// CLIStoppedAgain is a second stop signal while the first was handled.
	CLIStoppedAgain   TextID = "cli.stopped_again"
	CLICrashed        TextID = "cli.crashed"
	CLICrashUnwritten TextID = "cli.crash_unwritten"
)

// Message log page texts.
const (
	LogTitle  TextID = "log.title"
	LogEmpty  TextID = "log.empty"
	LogRepeat TextID = "log.repeat"
	// LogHint is the log page's key hint: select a line, see its causes.
	LogHint TextID = "log.hint"
	// LogWhyTitle heads the causes of one line; LogWhyNone is a line that
	// is its own cause, LogWhyCut the links a long chain leaves out.
	LogWhyTitle TextID = "log.why_title"
	LogWhyNone  TextID = "log.why_none"
	LogWhyCut   TextID = "log.why_cut"
	LogWhyBack  TextID = "log.why_back"
)

// The words of a chain of causes, one step at a time, and the names of the
// parties in it.
const (
	WhyShotYours   TextID = "why.shot_yours"
	WhyShotBy      TextID = "why.shot_by"
	WhyShotStray   TextID = "why.shot_stray"
	WhyBlast       TextID = "why.blast"
	WhyBlastFirst  TextID = "why.blast_first"
	WhyStruckYours TextID = "why.struck_yours"
	WhyStruckBy    TextID = "why.struck_by"
	WhyJoin        TextID = "why.join"
	WhyYourVan     TextID = "why.your_van"
	WhyThe         TextID = "why.the"
	WhyNothing     TextID = "why.nothing"
	// WhyRound names a bullet in the rule trace.
	WhyRound TextID = "why.round"
	// WhyGone names in the rule trace an entity already removed.
	WhyGone TextID = "why.gone"
)

// Rule trace page texts.
const (
	TraceTitle TextID = "trace.title"
	TraceEmpty TextID = "trace.empty"
	// TraceDecidedIntro heads the page of the rules that decided
	// something; TraceFullIntro the page of every rule consulted.
	TraceDecidedIntro TextID = "trace.decided_intro"
	TraceFullIntro    TextID = "trace.full_intro"
	// TraceNoneDecided says that no rule refused, stopped or queued anything.
	TraceNoneDecided TextID = "trace.none_decided"
	// TraceLine is one rule's decision; TraceLineThen one that queued
	// follow-on actions.
	TraceLine     TextID = "trace.line"
	TraceLineThen TextID = "trace.line_then"
	// The verdicts in words.
	TraceReject     TextID = "trace.reject"
	TraceRejectStop TextID = "trace.reject_stop"
	TraceAccept     TextID = "trace.accept"
	TraceAcceptStop TextID = "trace.accept_stop"
)

// Rule trace: what each rule of the book decides, in player words, by the
// rule's name (see TraceRule).
const (
	TraceRuleAcid                 TextID = "trace_rule.acid"
	TraceRuleBounds               TextID = "trace_rule.bounds"
	TraceRuleBumpAttack           TextID = "trace_rule.bump_attack"
	TraceRuleBurstContinues       TextID = "trace_rule.burst_continues"
	TraceRuleCampArrival          TextID = "trace_rule.camp_arrival"
	TraceRuleCannotAfford         TextID = "trace_rule.cannot_afford"
	TraceRuleCollision            TextID = "trace_rule.collision"
	TraceRuleCommandPlace         TextID = "trace_rule.command_place"
	TraceRuleDeath                TextID = "trace_rule.death"
	TraceRuleDrivingPhysics       TextID = "trace_rule.driving_physics"
	TraceRuleEmptySlot            TextID = "trace_rule.empty_slot"
	TraceRuleEnemyCollision       TextID = "trace_rule.enemy_collision"
	TraceRuleFragmentsBurnLetters TextID = "trace_rule.fragments_burn_letters"
	TraceRuleGoalReached          TextID = "trace_rule.goal_reached"
	TraceRuleInventoryFull        TextID = "trace_rule.inventory_full"
	TraceRuleKitNeedsStandstill   TextID = "trace_rule.kit_needs_standstill"
	TraceRuleRetireNeedsVictory   TextID = "trace_rule.retire_needs_victory"
	TraceRuleLetterPickUp         TextID = "trace_rule.letter_pick_up"
	TraceRuleMoot                 TextID = "trace_rule.moot"
	TraceRuleMotionEnds           TextID = "trace_rule.motion_ends"
	TraceRuleNarrate              TextID = "trace_rule.narrate"
	TraceRuleNoSuchThing          TextID = "trace_rule.no_such_thing"
	TraceRuleNotAGun              TextID = "trace_rule.not_a_gun"
	TraceRuleNotAKit              TextID = "trace_rule.not_a_kit"
	TraceRuleProjectileHit        TextID = "trace_rule.projectile_hit"
	TraceRuleRunOver              TextID = "trace_rule.run_over"
	TraceRuleSteeringNeedsSpeed   TextID = "trace_rule.steering_needs_speed"
	TraceRuleStranded             TextID = "trace_rule.stranded"
	TraceRuleStruckBarrelGoesOff  TextID = "trace_rule.struck_barrel_goes_off"
	TraceRuleVanCollision         TextID = "trace_rule.van_collision"
	TraceRuleWouldDoNothing       TextID = "trace_rule.would_do_nothing"
)

// TraceRule returns the id of the player words for the rule with the given
// name: spaces and hyphens become underscores. Not every rule has them.
func TraceRule(name string) TextID {
	return TextID("trace_rule." + strings.NewReplacer(" ", "_", "-", "_").Replace(name))
}

// Notices: what the game tells the player about the data folder, once, on
// the title screen or under the map.
const (
	// NoticeAbandonSave asks before a new run takes the saved one's place.
	NoticeAbandonSave TextID = "notice.abandon_save"
	// NoticeSaveKept is why a save that could not be set aside is not
	// overwritten.
	NoticeSaveKept TextID = "notice.save_kept"
	// NoticeScoresUnreadable is a high-score table that was set aside.
	NoticeScoresUnreadable TextID = "notice.scores_unreadable"
	// NoticeRecordingFailed is a recording that stopped being written.
	NoticeRecordingFailed TextID = "notice.recording_failed"
	// NoticeRecordingBack is a recording that was rebuilt and goes on.
	NoticeRecordingBack TextID = "notice.recording_back"
	// NoticeMorgueFailed is a morgue file that could not be written.
	NoticeMorgueFailed TextID = "notice.morgue_failed"
	// NoticeReadOnly is a data folder the game may not write: play goes
	// on, nothing is saved.
	NoticeReadOnly TextID = "notice.read_only"
	// NoticeScoreFailed is a finished run's high score that could not be
	// written.
	NoticeScoreFailed TextID = "notice.score_failed"
	// NoticeMorgueCopied is a morgue file written to the temp folder
	// instead of the data folder.
	NoticeMorgueCopied TextID = "notice.morgue_copied"
	// NoticeRetryAtStart promises the next start writes what is missing.
	NoticeRetryAtStart TextID = "notice.retry_at_start"
	// NoticePendingWritten and NoticePendingFailed say how the start
	// wrote what an earlier run's end could not.
	NoticePendingWritten TextID = "notice.pending_written"
	NoticePendingFailed  TextID = "notice.pending_failed"
	// NoticeDailyProved says where the proof of the day's road was written.
	NoticeDailyProved TextID = "notice.daily_proved"
	// NoticeDailyFailed is a daily proof that could not be written.
	NoticeDailyFailed TextID = "notice.daily_failed"
	// NoticeDailyTableEmpty is -daily-scores on a data folder that holds
	// no proof of a day's road.
	NoticeDailyTableEmpty TextID = "notice.daily_table_empty"
	// NoticeDailyReplays and NoticeDailyNoReplay are a daily table row's
	// verdict on its proof.
	NoticeDailyReplays  TextID = "notice.daily_replays"
	NoticeDailyNoReplay TextID = "notice.daily_no_replay"
	// NoticeFolderVerified ends -verify on a folder: how many of its
	// recordings were checked and how many of them failed.
	NoticeFolderVerified TextID = "notice.folder_verified"
	// NoticeDailyTableHeader heads the columns of -daily-scores.
	NoticeDailyTableHeader TextID = "notice.daily_table_header"
)

// TextIDs lists every text id, in the order of texts.toml.
var TextIDs = []TextID{
	MsgTyreBurst, MsgEngineHit, MsgEngineHitSlower, MsgEngineDead, MsgArmourLost, MsgArmourHeld,
	MsgHurt, MsgShot, MsgShotBy, MsgClawedBy, MsgRammedBy, MsgShrapnel, MsgSteerFailed,
	MsgSteerStopped, MsgTopSpeed, MsgAlreadyStopped, MsgAcidTyre, MsgEngineRepaired, MsgTyreReplaced,
	MsgLetterTaken, MsgLetterBurnt, MsgRunOver, MsgCrushed, MsgEnemyKilled, MsgBarrelExplodes,
	MsgArrived, MsgDied, MsgStranded, MsgBoxedIn, MsgDeliveryStarts, MsgGunHits, MsgShrapnelHits, MsgGunHitsMany,
	MsgShrapnelHitsMany, MsgBlockedBy, MsgBlockedByWreck, MsgBlockedByBarrel, MsgBarrelShotByYou,
	MsgBarrelShotBy, MsgBarrelShotStray, MsgBarrelSetOffByBlast, MsgBarrelRammed, MsgMissed, MsgGunKills,
	PromptFireDirection, PromptFireGun, PromptFireBurst, PromptEmptySlot, PromptCancelled, PromptMoving,
	PromptNoEffect, PromptMountAtGarage, PromptPressKey, PromptNoSuchItem, PromptNotAGun, PromptNotNow, PromptNotWon, TitleName, TitleTagline, TitleContinue,
	TitleNewGame, TitleControls, TitleQuit, TitleSaveQuit, TitleSeed, TitleSaveUnreadable, HelpTitle,
	HelpOnRoad, HelpInMenus, HelpClose, HelpSteerUp, HelpSteerDown, HelpAccelerate, HelpDecelerate,
	HelpWait, HelpFire, HelpInventory, HelpLook, HelpHelp, HelpMessageLog, HelpTrace, HelpPause,
	HelpMenuUp, HelpMenuDown, HelpConfirm, HelpCancel, HelpWhy, CampTitle, CampIntro, CampPay, CampPayOne, CampPayNone, CampProgress,
	CampShop, CampGarage, CampInventory, CampNext, CampRetire, CampRetireConfirm, ShopTitle, ShopItem, ShopItemNeedless, ShopGunItem, ShopAnySide, ShopCannotAfford,
	ShopInventoryFull, ShopNoEffect, ShopBought, ShopSoldOut, ShopBack, GarageTitle, GarageFront,
	GarageRear, GarageLeft, GarageRight, GarageSlotLine, GarageEmpty, GarageSlotGun, GarageSlotEmpty,
	GarageUnmount, GarageMounted, GarageInventoryFull, GarageBack, InventoryTitle, InventoryEmpty,
	InventoryUse, InventoryDiscard, InventoryBack, InventoryDiscarded, EndDiedTitle, EndDiedText,
	EndVictoryTitle, EndVictoryText, EndSummaryTitle, EndDeliveries, EndLetters, EndLettersUndelivered, EndEarned, EndKilled,
	EndRunOver, EndTurns, EndSeed, PauseTitle, PauseResume, PauseControls, PauseSaveQuit,
	PauseGiveUp, LookTitle, LookHint, LookUnseen, LookRemembered, LookNothing, LookVan, LookWreck,
	LookBarrel, LookLetter, LookBloodstain, LookRoad, LookDirt, LookAcid, LookGoal, LookEnemy, HUDHP,
	HUDEngine, HUDTyres, HUDArmour, HUDSpeed, HUDLetters, HUDMoney, HUDDelivery, HUDSlid, HUDTyreLost, HUDTarget, HUDTargetDown, ScreenTooSmall,
	LogTitle, LogEmpty, LogRepeat, LogHint, LogWhyTitle, LogWhyNone, LogWhyCut, LogWhyBack,
	WhyShotYours, WhyShotBy, WhyShotStray, WhyBlast, WhyBlastFirst, WhyStruckYours, WhyStruckBy, WhyJoin,
	WhyYourVan, WhyThe, WhyNothing, WhyRound, WhyGone, TraceTitle, TraceEmpty, TraceDecidedIntro, TraceFullIntro, TraceNoneDecided, TraceLine,
	TraceLineThen, TraceReject, TraceRejectStop, TraceAccept, TraceAcceptStop,
	TraceRuleAcid, TraceRuleBounds, TraceRuleBumpAttack, TraceRuleBurstContinues, TraceRuleCampArrival, TraceRuleCannotAfford, TraceRuleCollision, TraceRuleCommandPlace, TraceRuleDeath, TraceRuleDrivingPhysics, TraceRuleEmptySlot, TraceRuleEnemyCollision, TraceRuleFragmentsBurnLetters, TraceRuleGoalReached, TraceRuleInventoryFull, TraceRuleKitNeedsStandstill, TraceRuleLetterPickUp, TraceRuleMoot, TraceRuleMotionEnds, TraceRuleNarrate, TraceRuleNoSuchThing, TraceRuleNotAGun, TraceRuleNotAKit, TraceRuleProjectileHit, TraceRuleRetireNeedsVictory, TraceRuleRunOver, TraceRuleSteeringNeedsSpeed, TraceRuleStranded, TraceRuleStruckBarrelGoesOff, TraceRuleVanCollision, TraceRuleWouldDoNothing,
	TitleHighScores, TitleDaily, ScoresTitle, ScoresEmpty, ScoresHeader, ScoresWon, ScoresProven, ScoresUnproven, ScoresLegend,
	MenuYes, MenuNo, MenuHotkey, PagerHint, PagerNext, PagerPrev,
	LegendTitle, LegendThings, LegendEnemies, LegendHurt, LegendShots, LegendBullet, LegendFragment,
	LegendGround, LegendRemembered, LegendUnknown, LegendAiming, LegendReach, LegendInReach, LegendMarkHurt,
	LegendMarkReach, LegendMarkInReach, LegendAttrNone, LegendAttrBold, LegendAttrReverse, LegendAttrDim,
	LegendAttrUnderline, HintFirstRun,
	GarageNoGuns, InventoryDiscardConfirm, InventoryEnemyNear, EndCause, EndCauseDestroyed, EndCauseAbandoned, EndCauseStranded, EndCauseRetired, EndRetiredTitle, EndRetiredText,
	EndAbandonedTitle, EndAbandonedText, EndContinue, EndLastMessages, EndDestroyedBy, EndByShotBy,
	EndByClawedBy, EndByRammedBy, EndByShrapnel, EndByShot, EndByUnknown, PauseQuit, PauseGiveUpConfirm, PauseQuitConfirm, PauseSaveFailed,
	TitleSaveStuck, TitleLoadFailed, HelpInReplay, HelpPlayPause, HelpStep, HelpFaster, HelpSlower,
	HelpStopWatching, ReplayHeader, ReplayPlaying, ReplayPaused, ReplayEnded, ReplayDesync, ReplayKeys,
	ReplayCommand, ReplayGoTo, HelpStepBack, HelpRoadBack, HelpRoadNext, HelpToStart, HelpToEnd, HelpGoTo, HelpTakeWheel,
	CLITermUnset, CLITermDumb, CLITermUnknown, CLINoTTY, CLITermFailed, CLIDataDir, CLIDataDirInUse, CLIDataDirInUseBy, CLIStopped,
	CLIStoppedSaved, CLIStoppedNoSave, CLIStoppedAgain, CLICrashed, CLICrashUnwritten,
	ControlsTitle, ControlsHint, ControlsPress, ControlsTaken, ControlsSame, ControlsAdded,
	ControlsRemoved, ControlsLastKey, ControlsFull, ControlsUnbindable, ControlsRestore,
	ControlsRestored, ControlsSaveFailed,
	NoticeAbandonSave, NoticeSaveKept, NoticeScoresUnreadable, NoticeRecordingFailed, NoticeRecordingBack, NoticeMorgueFailed,
	NoticeDailyProved, NoticeDailyFailed, NoticeDailyTableEmpty, NoticeDailyReplays, NoticeDailyNoReplay, NoticeFolderVerified,
	MorgueTitle, MorgueRow, MorgueWon, MorgueMoney, MorgueVan, MorgueVanStats, MorgueGuns, MorgueRecording,
	MorgueUnrecorded, TitleOptions, PauseOptions, OptionsTitle, OptionsHint, OptionsPalette, OptionsPaletteAuto,
	OptionsPaletteColours, OptionsPaletteMono, OptionsSpeed, OptionsSpeedInstant, OptionsSpeedTimes,
	OptionsLogLines, OptionsConfirmGiveUp, OptionsBack, OptionsSaved, OptionsSaveFailed,
	NoticeReadOnly, ScoresPending, ScoresTooLong, NoticeScoreFailed, NoticeMorgueCopied, NoticeRetryAtStart,
	NoticePendingWritten, NoticePendingFailed,
	TitleDailyScores, TitleForks, TablesDailyTitle, TablesDailyEmpty, TablesDailyHeader, TablesDailyNote,
	TablesForksTitle, TablesForksEmpty, TablesForksHeader, TablesForksNote, TablesUnreadable,
	TablesCauseDestroyed, TablesCauseAbandoned, TablesCauseStranded, TablesCauseRetired,
	EndMorgue, PauseQuitConfirmDaily, PauseDailyToday, PauseDailyRoad, NoticeDailyTableHeader,
}

// HelpFor returns the id of the controls-screen line that describes action
// a.
func HelpFor(a Action) TextID { return TextID("help." + string(a)) }

// Texts holds every player-facing text, as read from texts.toml.
type Texts struct {
	byID map[TextID]string
}

// LoadTexts reads the embedded texts.toml strictly and validates it.
func LoadTexts() (Texts, error) {
	var spec textsSpec
	if err := loadEmbedded(textsFile, &spec); err != nil {
		return Texts{}, err
	}
	return spec.texts(), nil
}

// Get returns the text with the given id, placeholders and all. A missing id
// gives "[missing text: id]", so the gap shows on screen.
func (t Texts) Get(id TextID) string {
	if s, ok := t.byID[id]; ok {
		return s
	}
	return fmt.Sprintf("[missing text: %s]", id)
}

// Has reports whether the text with the given id exists.
func (t Texts) Has(id TextID) bool {
	_, ok := t.byID[id]
	return ok
}

// Format returns the text with the given id with its placeholders filled
// in. The arguments come in pairs, a placeholder name and its value, which
// is written with fmt.Sprint:
//
//	texts.Format(MsgShotBy, "enemy", "car") // "The car shoots you."
//
// A placeholder with no value stays as it is ("{enemy}") and arguments the
// text does not use are ignored, so a mistake shows on screen instead of
// failing. An odd number of arguments, or a name that is not a string, adds
// a "[bad format arguments]" marker.
func (t Texts) Format(id TextID, args ...any) string {
	values, ok := pairs(args)
	out := fill(t.Get(id), values)
	if !ok {
		out += " [bad format arguments]"
	}
	return out
}

// pairs turns name, value, name, value... into a map of written values. It
// reports false if the arguments are not such pairs.
func pairs(args []any) (map[string]string, bool) {
	values := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		name, ok := args[i].(string)
		if !ok {
			return values, false
		}
		values[name] = fmt.Sprint(args[i+1])
	}
	return values, len(args)%2 == 0
}

// fill replaces each {name} in template that has a value.
func fill(template string, values map[string]string) string {
	var b strings.Builder
	rest := template
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			break
		}
		name := rest[open+1 : open+end]
		b.WriteString(rest[:open])
		if v, ok := values[name]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(rest[open : open+end+1])
		}
		rest = rest[open+end+1:]
	}
	b.WriteString(rest)
	return b.String()
}

// Placeholders returns the names of the placeholders in text, in order of
// appearance, and an error if a brace is unmatched or a name is not a
// lower-case identifier.
func Placeholders(text string) ([]string, error) {
	var names []string
	rest := text
	for {
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			return names, nil
		}
		if rest[open] == '}' {
			return names, fmt.Errorf("unmatched } in %q", text)
		}
		end := strings.IndexAny(rest[open+1:], "{}")
		if end < 0 || rest[open+1+end] != '}' {
			return names, fmt.Errorf("unmatched { in %q", text)
		}
		name := rest[open+1 : open+1+end]
		if !isID(name) {
			return names, fmt.Errorf("placeholder {%s} in %q must be a lower-case name", name, text)
		}
		names = append(names, name)
		rest = rest[open+1+end+1:]
	}
}

// textsSpec is texts.toml as written: sections of id = "text".
type textsSpec map[string]map[string]string

func (s textsSpec) texts() Texts {
	t := Texts{byID: map[TextID]string{}}
	for section, entries := range s {
		for key, text := range entries {
			t.byID[TextID(section+"."+key)] = text
		}
	}
	return t
}

// Validate reports ids that no constant names, constants without a text,
// empty texts and malformed placeholders.
func (s textsSpec) Validate() error {
	var p problems
	for _, section := range slices.Sorted(maps.Keys(s)) {
		for _, key := range slices.Sorted(maps.Keys(s[section])) {
			id := TextID(section + "." + key)
			if !slices.Contains(TextIDs, id) {
				p.unknownKey(section, key)
				continue
			}
			text := s[section][key]
			p.nonEmpty("text "+string(id), strings.TrimSpace(text))
			if _, err := Placeholders(text); err != nil {
				p.addf("text %s: %w", id, err)
			}
		}
	}
	t := s.texts()
	for _, id := range TextIDs {
		if !t.Has(id) {
			p.addf("text %s is missing", id)
		}
	}
	return p.err()
}
