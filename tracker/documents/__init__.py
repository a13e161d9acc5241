"""The files a session becomes: its JSON export (and import), the CSV of its rounds, the
printable PDF summary, and the backup of the whole server.

    export      the JSON export format: write it, read and check an import
    json_file   reading an uploaded file as JSON, safely (size, depth, numbers, text)
    rounds_in   the rounds of an import, booked one by one by the engine
    csv_file    the rounds and payments as CSV
    summary     the summary page's data and HTML; pdf: the same as PDF (WeasyPrint)
    printer     the summary PDF as the app serves it: pdf_cache (kept per session version),
                render (printed by a child process within time and memory bounds)
    backup      every session of the server to one file and back (flask backup / restore)
"""
