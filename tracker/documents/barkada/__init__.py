"""A barkada's documents: its season and a member's statement as HTML for the bounded
printer, and its part of a server backup."""
