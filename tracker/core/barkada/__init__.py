"""A barkada, a group that plays every week: its members (groups.py, group_store.py), its
sessions (new_session.py), its money (balances.py: who owes whom; member_payments.py: Bayad
na), its stats (period_stats.py), a member's statement (statements.py), its export
(import_export.py)."""
