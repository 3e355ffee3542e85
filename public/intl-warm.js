// ICU's data for the page's language (the worker's name) and the race zone: src/first-paint.js, decision 047.
new Intl.DateTimeFormat(self.name, { timeZone: 'Europe/Rome', month: 'long', day: 'numeric', hour: 'numeric', timeZoneName: 'short' }).formatToParts(0)
new Intl.NumberFormat(self.name, { style: 'currency', currency: 'EUR' }).format(1)
new Intl.PluralRules(self.name).select(1)
close()
