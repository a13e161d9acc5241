"""The admin token the tests' apps are configured with (GET /api/sessions lists every session
only with it)."""

ADMIN_TOKEN = "test-admin-token-at-least-32-characters"  # the server refuses a shorter one
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
