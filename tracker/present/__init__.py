"""Words and display objects shared by the pages, the PDF summary and the CSV.

house_rules  each house-rule option: its label, help text and sentence (the one place)
rule_form    the new-session form's view of the options: values, defaults, presets
rounds       a played round as the pages, the PDF and the CSV name it
display      template filters: money, signs, cards
clock        the one time zone of every time shown (TIME_ZONE): local_time, local_day
chart, qr    inline SVG pictures
"""
