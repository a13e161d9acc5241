"""The admin token the tests' apps are configured with (GET /api/sessions lists every session
only with it)."""

ADMIN_TOKEN = "test-admin-token"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
