// Command lastpost is Last Post, a turn-based roguelike about driving an
// armoured mail van east through a ruined country.
package main

import "fmt"

func main() {
	fmt.Println("Last Post: a roguelike for the terminal (in development)")
}
