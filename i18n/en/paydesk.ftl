## rules
rule-amount-positive = the amount must be more than $ 0
rule-reference-empty = enter a reference
rule-at-most = at most { $max } characters (this one has { $count })
rule-hidden-character = remove the invisible character { $code } (it changes how the text reads)
rule-amount-ceiling = at most { $ceiling } per payment
rule-no-line-breaks = remove line breaks and tabs
duration-one-day = 1 day
duration-days = { $days } days
rule-cellphone-empty = enter a mobile number
rule-digits-only = use digits only
rule-cellphone-shape = a Colombian mobile number has 10 digits and starts with 3, like 300 123 4567
rule-otp-reason = choose a reason from 1 to 5 (1 withdrawal, 2 link an account, 3 delete an account, 4 2FA QR, 5 PIN)
rule-otp-empty = enter the code sent to your phone
rule-otp-shape = the code has 4 to 8 digits
rule-required = this field is required
rule-email = enter an e-mail address like name@example.com
rule-document-empty = enter the document number
rule-document-shape = use the document's digits only (3 to 15)
rule-person-type = use natural (0) for a person or legal (1) for a company
rule-document-for-person = for this person type use one of { $allowed }
rule-one-of = use one of { $allowed }
rule-positive-id = choose a valid id (more than 0)
rule-withdraw-method = use 160 (online withdrawal), 245 (disbursement as a product) or 264 (Bre-B key)
rule-breb-key-empty = enter the Bre-B key, like @TIENDA123
rule-breb-key-shape = use a Bre-B key: @ and 3 to 30 letters or digits, a mobile number, an e-mail or a document number
rule-withdrawal-ceiling = online withdrawals are at most { $ceiling }
rule-password-short = use at least 8 characters
rule-password-mismatch = the passwords do not match
rule-key-value = write KEY=VALUE, like Name=Ana (got { $text })

## rules: addresses
rule-url-empty = enter a web address
rule-url-host = the address needs a host name
rule-webhook-empty = enter the https:// address where the service sends notifications (a profile can keep a default)
rule-webhook-loopback = the service cannot reach this computer's own address: use your public https:// webhook address
rule-url-full = enter a full web address starting with https://, like https://shop.example/webhook
rule-url-https = the address must start with https:// (plain http is only for this computer)

## money
amount-empty = enter an amount
amount-not-a-number = use digits only, like 25000 or 25.000
amount-has-cents = use whole pesos, without cents
amount-too-large = the amount is too large

## service errors
refusal-session-ended = Your session with the payment service has ended. Sign in again to continue
refusal-not-permitted = Your account is not allowed to do this. Ask the payment service to enable it
refusal-method-type = There is no payment method of that type
refusal-cost = The payment service cannot charge this amount with this method. Try a larger amount or another method
refusal-in-progress = This payment already has a transaction in progress or finished. Create a new payment instead
error-unreachable = Could not reach the payment service at { $host }. Check the internet connection and try again
error-timed-out = did not answer in time
error-connection-lost = closed the connection before answering
error-malformed = The payment service sent an answer paydesk could not read (HTTP { $status }).
error-insecure-url = Refusing to use { $url }: the payment service must be reached over https://
error-bad-url = The { $which } address is not valid: { $url }
error-missing-credential = No { $which } is set up for this profile. Add it in Settings or set the environment variable
error-setup = The connection to the payment service could not be prepared. Close and open paydesk again; if it stays so, show the details to whoever supports you
error-outcome-unknown = The payment service { $happened }. The { $operation } may or may not have been done: check its status before trying again
error-outcome-retry = The payment service { $happened } ({ $operation }). Try again
hint-may-have-been-done = It may have been done: check its status before trying again
hint-may-or-may-not = It may or may not have been done: check its status before trying again
hint-try-later = Try again later
error-below-minimum = The amount is below the smallest the payment service takes with this method ({ $minimum }). Enter { $minimum } or more
error-below-unknown-minimum = The payment service has no fee for this amount with this method: it is below the method's minimum. Try a larger amount or another method

## operations
operation-register = registration
operation-list-methods = payment method list
operation-generate-resource = payment resource
operation-checkout = checkout
operation-request-otp = one-time code request
operation-add-account = bank account addition
operation-delete-account = bank account removal
operation-create-payment-link = payment link
operation-create-method-payment = payment
operation-payment-status = status check
operation-payment-features = bank list
operation-instant-banks = bank lookup
operation-withdraw = payout
operation-balance = balance check
operation-simulate-notification = notification simulation
operation-transaction-token = transaction token

## payment states
state-rejected = rejected
state-pending = pending
state-approved = approved
state-failed = failed
state-cancelled = expired
state-processing = processing
state-other = unknown state ({ $id })

## cli: status
cli-status-state = State
cli-status-contradicted = { $reference }: the books hold it { $held } and the service now says { $answered }. The books do not change (a final state is final); it is listed in the day's close to review. Ask the service before returning money or charging again.
cli-status-books-keep = In the books: { $held } (final; it does not change)
cli-status-amount = Amount
cli-status-cost = Cost
cli-status-date = Date
cli-status-method = Method
cli-status-provider = Provider
cli-status-still = { $reference } is still { $state } after { $seconds } s; check again later

## settings
settings-title = Settings
settings-language = Language
settings-appearance = Appearance
settings-theme-system = Follow the system
settings-theme-light = Light
settings-theme-dark = Dark

## cli: output
cli-nothing-sent = Nothing was sent. Please fix:
cli-error-code = code { $code }
cli-service-said = service said: { $message }

## app
restore-problem = Today's earlier payments could not be read from the ledger: { $problem }
top-profile = Profile: { $name }
connecting = Connecting…
top-light-theme = Light theme
top-dark-theme = Dark theme
connect-failed = paydesk could not connect
try-again = Try again
use-simulator = Use the built-in simulator
dismiss = Dismiss
session-ended-title = Your session has ended
session-ended-body = Paste your API token to sign in again. What you were typing is kept
api-token = API token
sign-in-again = Sign in again
later = Later
badge-simulator = SIMULATOR · no real money
badge-sandbox = SANDBOX
badge-production = PRODUCTION

## navigation
nav-collect = Collect
nav-status = Status
nav-payouts = Payouts
nav-balance = Balance
nav-accounts = Accounts
nav-activity = Activity
nav-register = Register

## desktop notification
alert-approved-amount = { $amount } approved, reference { $reference }
alert-approved = Payment { $reference } approved
alert-title = Payment approved

## customer screen
customer-amount-to-pay = Amount to pay
customer-qr-alt = Payment QR code
customer-scan = Scan with your bank or wallet app
close = Close

## forms
form-to-continue = To continue:
form-choose-bank = Choose the bank

## form fields
field-amount = Amount
field-your-reference = Your reference
field-description = Description
field-customer-name = Customer name
field-customer-email = Customer e-mail
field-customer-cellphone = Customer cellphone
field-return-url = Return URL
field-webhook-url = Webhook URL
field-expires-in = Expires in
field-brand-id = Brand id (profile setting)
field-method = Method
field-payer-cellphone = Payer cellphone
field-payer-bank = Payer's bank
field-person-type = Person type
field-document-type = Document type
field-document-number = Document number
field-payer-name = Payer name
field-payer-address = Payer address
field-payer-email = Payer e-mail
field-email = E-mail
field-merchant-id = Merchant id (Bre-B)
field-whatsapp = WhatsApp account
field-what-is-paid = What is being paid
hint-optional = optional

## collect
kind-payment-link = Payment link
kind-method = Method { $id }
collect-title = Collect a payment
collect-one-method = One method
collect-qr-codes = QR and resources
hint-up-to-20 = up to 20 characters
hint-what-is-sold = what is being sold
hint-optional-https = optional, https://
field-payment-summary = Payment summary
field-show-summary = Show the summary to the payer
expiry-service-default = Service default
collect-create-link = Create payment link
field-bank-id = Bank id
field-bank = Bank
field-base-url = API address
field-cellphone = Cellphone
field-destination-cellphone = Destination cellphone
field-city-id = Municipality
field-commerce-type = Commerce type id
field-environment = Environment
field-information = Information
field-breb-key = Bre-B key
field-business-name = Business name
field-profile-name = Profile name
field-account-number = Account number
field-link-code = Code for linking
field-password = Password
field-pay-url = Payments address
field-profile-brand-id = Brand id
field-profile-merchant-id = Bre-B merchant id
field-user-id = User id
field-default-webhook = Default webhook URL
field-referred = Referred by (user id)
field-department-id = Department
field-tax = Tax
field-account-type = Account type
field-confirm-password = Confirm password
field-webhook-listen = Webhook listen address

## collect: one method
label-optional = { $label } (optional)
hint-digits = digits
hint-merchant-id = your id in Bre-B
hint-whatsapp = your business account id
hint-shown-to-payer = shown to the payer, up to 255 characters
person-natural = Natural person
person-legal = Company
hint-email = name@example.com
expiry-end-of-day = Today at 11:59 p.m.
method-repeatable = This one can be paid more than once: every payment is counted
collect-create-payment = Create payment
method-minimum-life = { $method } payments must stay open more than { $minimum }

## collect: QR codes
resource-methods-offered = Methods your account offers:
resource-icon-alt = { $name } icon
resource-loading-methods = Loading your payment methods…
resource-load-again = Load the methods again
resource-kind = Kind
field-reference-2 = Reference 2
field-reference-3 = Reference 3
hint-number = number
hint-encoded-text = encoded text
resource-static-no-amount = A static QR has no amount: the payer types it
resource-create = Create QR code
resource-kind-commerce = Commerce QR (type and city)
resource-kind-dynamic = Dynamic QR with amount
resource-kind-static = Static QR (payer types the amount)
resource-kind-static-references = Static QR with customer references
resource-kind-bank-link = Bank-app link with amount
resource-kind-bank-transfer = Online bank transfer
resource-kind-mobile-charge = Charge to the customer's mobile
resource-kind-encoded = Encoded information

## notification checks
check-confirmed = confirmed by the service
check-disagrees = the service disagrees
check-failed = could not be checked yet
check-unchecked = notice received; the service has yet to confirm it
check-not-ours = not about a payment of this shop

## activity

## collect: created payment
created-state = State:
created-link = Link
created-service-reference = Service reference
created-expires = Expires
created-copy-link = Copy link
created-save-qr = Save QR as an image
created-show-customer = Show to customer
created-link-copied = Link copied
created-notifications = Notifications received
created-saved-to = Saved to { $path }

## collect: creating
created-link-title = Payment link created
created-method-title = { $method } payment created
created-code-id = Code id
created-qr-title = QR code created
created-code = Code
created-at = Created
retry-new-reference = Try again with a new reference
creating = Creating…
attempt-maybe-created = The payment with reference { $reference } may already exist. Trying again uses a new reference, so the customer is never asked to pay twice for one reference
attempt-not-sent = Nothing reached the service: trying again is safe

## status
kind-looked-up = Looked up
status-title = Payment status
status-reference = Payment reference
status-check = Check status
status-follow = Watch this payment
status-follow-hint = Watch it until it is approved or ends
status-fee = Fee
status-provider-reference = Provider reference
status-contradiction = To review: the books hold it { $held } (final; it does not change) and the service later said { $answered } ({ $time }). Ask the service before returning money or charging again.
today = Today
status-today-count = 
    { $count ->
        [one] 1 payment
       *[other] { $count } payments
    }, { $approved } approved
column-time = Time
column-kind = Kind
column-state = State

## balance
refresh = Refresh
balance-pays-payouts = pays payouts
balance-bag-unknown = The service does not say which bag pays payouts; it decides when you send one
balance-as-of = As of { $date }
balance-today = Approved collections today
balance-paid-by-customers = Paid by the customers
balance-fees = Fees
you-receive = You receive
close-payout-sent = Amount sent
balance-fees-partial = The service has reported the fee of { $with_fee } of { $approved } approved payments; Reconcile shows each notified payment with its fee

## payouts
withdraw-online = Online withdrawal
withdraw-product = Disbursement as a product
withdraw-breb = Bre-B key
payouts-subtitle = Send money to a cellphone or a Bre-B key
field-bank-name = Bank name
payouts-online-limits = Online withdrawals are at most $ 2.000.000; the recipient has 12 h to accept
payouts-review = Review payout…
payouts-checking = Checking the balance and the rules…
sending = Sending…
payouts-sent = Payout of { $amount } to { $destination } sent (reference { $reference })
payouts-unknown-no-resend = paydesk will not send it again. Check its status in the list below

## payouts: confirmation
confirm-title = Confirm the payout
confirm-to = To
confirm-reference = Reference
confirm-balance = Disbursement balance
confirm-after = After this payout
confirm-real-money = This moves real money
confirm-repeat = Yes, send another one
confirm-send = Send { $amount }
cancel = Cancel
settle-title = Did { $amount } to { $destination } go out?
settle-body = The service never confirmed this payout. Answer only after checking with the service or the recipient: paydesk will never send it again either way
settle-went-out = It went out
settle-never-went-out = It never went out
settle-not-yet = Not yet

## payout states
payout-state-sending = Sending
payout-state-sent = Sent, waiting
payout-state-refused = Refused
payout-state-not-sent = Not sent
payout-state-unknown = Outcome unknown
payout-state-paid = Paid
payout-state-failed = Failed, money returned

## payouts: journal
journal-title = Sent from this computer
journal-table = Payouts sent from this computer
journal-actions = Actions
journal-empty = No payouts yet
journal-check = Check status of { $reference }
journal-settle = Settle { $reference } by hand…
journal-resend = Send { $amount } again to { $destination }
journal-accept-until = the recipient can accept until { $time }

## payout rules
payout-too-soon = Wait { $seconds } s more: the service asks for 30 s between payouts
payout-insufficient = The disbursement balance is { $balance }, less than the { $amount } of this payout
payout-reference-used = The reference { $reference } was already used for a payout; use another
payout-not-resendable = This payout is { $state }: it can not be sent again from here
payout-no-status-reference = This payout has no status reference from the service: wait for its notification, or settle it by hand after asking the service
payout-duplicate = 
    A payout of { $amount } to { $destination } was sent { $minutes ->
        [0] less than a minute ago
        [one] 1 minute ago
       *[other] { $minutes } minutes ago
    }. Confirm to send another
payout-similar-unsettled = A payout of { $amount } to { $destination } (reference { $reference }) is still unconfirmed: check its status before sending another. Nothing was sent
payout-summary = Send { $amount } to { $destination } by { $method }, reference { $reference }

## accounts
otp-reason-withdrawal = Withdrawal of funds
otp-reason-link-account = Link a bank account
otp-reason-delete-account = Delete a bank account
otp-reason-2fa = Generate a 2FA QR code
otp-reason-pin = Verification PIN
otp-reason-unknown = Unknown reason
account-savings = Savings
account-checking = Checking
accounts-choose-bank = choose the bank from the list
accounts-linked = Account { $number } linked (id { $id })
accounts-otp = One-time code
accounts-reason = Reason
accounts-send-code = Send code
accounts-code-sent = A code for "{ $reason }" was sent to the merchant's phone
accounts-link-first = First send a code for "Link a bank account"
hint-from-phone = from your phone
accounts-add = Add account
accounts-linked-here = Accounts linked from this computer
none-yet = None yet
accounts-bank-id = Bank { $id }
accounts-delete-number = Delete { $number }…
accounts-delete-first = Send a code for "Delete a bank account", then type it here
accounts-delete-code = Code for deleting
accounts-delete = Delete account
accounts-keep = Keep it
accounts-lookup-title = Banks linked to a phone number
accounts-phone = Phone number
accounts-look-up = Look up banks
accounts-no-banks = No banks are linked to { $number }

## documents
document-cc = Cédula de ciudadanía
document-ce = Cédula de extranjería
document-nit = NIT (company)
document-pa = Passport
document-ti = Tarjeta de identidad
document-pep = Special permit (PEP)

## register
register-enter-id = enter the id number
register-title = Register a merchant
register-on-profile = On profile { $name }
hint-password = at least 8 characters
register-submit = Register merchant
register-token-not-kept = Registered, but the token could not be kept: { $problem }

## rules: more
rule-expiry-positive = the expiry must be more than 0 seconds
rule-method-needs-amount = this method needs an amount
rule-static-no-amount = a static QR has no amount: the payer types it
rule-tax-negative = the tax cannot be negative
rule-commerce-needs = method 1 needs the commerce type and the city
rule-transfer-needs = an online bank transfer needs the bank and the payer's details
rule-info-needs = method 11 needs the information text
rule-needs-customer-cellphone = this method needs the customer's mobile number
rule-account-number = enter the account number (digits only)
rule-end-of-day = this method lives until 11:59 p.m. today: leave the expiry empty
rule-choose-payer-bank = choose the payer's bank from the list
rule-cost-negative = the cost cannot be negative
rule-notification-status = use 1 (pending), 2 (approved) or 3 (failed)
rule-notify-by-reference = this service names the payment by its reference
rule-notify-by-transaction = this interface (1.0) names the transaction by its id, with the status, amount and cost to notify
cli-key-needs-264 = a Bre-B key goes with method 264; use --cellphone for this method
cli-264-needs-key = method 264 sends to a Bre-B key: give --key, like @TIENDA123
cli-needs-user-id = give --user-id, set PAYDESK_USER_ID, or add user_id to the profile
rule-end-before-start = the end is before the start
cli-profile-exists = a profile with this name already exists (add --replace to change it)
rule-profile-exists = a profile with this name already exists
rule-environment = choose the service's sandbox or production (the simulator needs no profile)
rule-user-id = enter the user id number (or leave it empty)
rule-profile-name-empty = enter a name, like tienda
rule-whole-number = must be a whole number
rule-not-set = is not set: add it to the profile or set the environment variable
rule-date = write the date as YYYY-MM-DD or DD/MM/YYYY
rule-expiry-minimum = { $method } needs more than { $minimum } ({ $seconds } s)
rule-product = product { $number } needs a name and an amount
rule-fixed-life = this method always lives { $life }: leave the expiry empty
rule-minimum-amount = the smallest amount the service takes here is { $minimum }

## cli: webhooks
cli-no-hash-key = no webhook key is set up: every notification would be refused. Set PAYDESK_HASH_KEY or save it in Settings
cli-could-not-read = could not read { $file }: { $error }
rule-date-not = write the date as YYYY-MM-DD, not { $text }

## cli: payouts
cli-no-payout = no payout with reference { $reference } in this computer's journal

## rules: profiles
rule-brand-id = enter the brand id number ({ $default } unless told otherwise)
rule-listen = enter an address and port like { $example }
rule-profile-simulator = "simulator" is the built-in simulator's name
rule-profile-name = use up to { $max } letters, digits, - or _ (no spaces or accents)
environment-simulator = Built-in simulator
environment-sandbox = Service sandbox
environment-production = Production
settings-saved-count = 
    { $count ->
        [one] 1 credential saved for profile { $profile }
       *[other] { $count } credentials saved for profile { $profile }
    }
settings-signed-out = Signed out of { $profile }
settings-now-using = Now using profile { $name }; it opens next time too
settings-when-approved = When a payment is approved
settings-desktop-notification = Show a desktop notification
settings-sound = Play a sound
settings-banner-always = A banner always shows in the app
settings-profile = Profile
settings-switch = Switch
settings-new-profile-button = New profile…
settings-edit-profile = Edit profile
settings-simulator-no-settings = The built-in simulator needs no settings
settings-environment = Environment: { $name }
settings-simulator-note = The built-in simulator: nothing here moves real money
settings-profiles-file = Profiles live in { $file }
settings-new-profile = New profile
settings-profile-named = Profile { $name }
settings-production-real-money = Production (real money)
hint-from-registration = from registration
hint-merchant-optional = optional, for Bre-B keys and QR
settings-save-profile = Save profile
settings-credentials = Use existing credentials
settings-keyring-ok = Tokens are kept in the system keyring, never in a file
settings-keyring-missing = The system keyring is not available ({ $reason }). Tokens you enter are kept only until paydesk closes
hint-api-token = the one you got when you registered
settings-access-token = Access token
hint-access-token = the payments token the service gave you
settings-hash-key = Webhook key (HASH_KEY)
hint-from-support = from support
settings-save-credentials = Save credentials
settings-sign-out = Sign out
activity-receiving = Receiving notifications at { $url }
activity-receiver-down = The webhook receiver is not running: { $problem }
activity-no-hash-key = No webhook key (HASH_KEY) is set up: every notification is refused. Add it in Settings
activity-empty = No notifications yet. They appear here as the service sends them
activity-received = Received
activity-notified = Notified
paid-by-customer = Paid by the customer
activity-check = Check
activity-duplicates = +{ $count } duplicates
activity-body = View #{ $id }
activity-notification-title = Notification #{ $id }
activity-refused = Refused (kept apart, never applied)
activity-refused-today = { $count ->
        [one] 1 request refused today
       *[other] { $count } requests refused today
    }{ $kept ->
        [0] .
       *[other] ; the latest { $kept } are kept (their first 2 KB).
    }
activity-inbox-full = { $count ->
    [one] 1 notification signed with your key was not stored today
   *[other] { $count } notifications signed with your key were not stored today
    }: more arrived in the last 24 hours than paydesk keeps in a day, or too many the service did not confirm. If you did not expect so many, someone else knows the webhook key (HASH_KEY): ask the service for a new one and save it in Settings. Payments are still confirmed by asking the service.
activity-refused-body = View refused #{ $id }
activity-refused-title = Refused notification #{ $id }
activity-from = From
activity-to = To
hint-date = YYYY-MM-DD
activity-export = Export CSV
activity-exported = { $rows } rows exported to { $path }
cli-exported-notifications = The notifications received, apart: { $path }
activity-count = Count
activity-approved-collections = Approved collections
activity-payouts-paid = Payouts paid
activity-payouts-open = Payouts open
activity-payouts-failed = Payouts failed or refused
activity-by-state = Payments created here, by state
activity-no-exceptions = Nothing to review
activity-exceptions = To review ({ $count })

## reconciliation
exception-pending-too-long = Pending too long
exception-unknown-payment = Notification for an unknown payment
exception-disagreement = Notification the service disagrees with
exception-payout-unknown = Payout with unknown outcome
exception-contradiction = The service contradicts a final state
method-more-than = {" "}(the charge stays open more than { $duration })

## methods
method-pse-gateway = PSE gateway
method-interoperable-qr = Interoperable QR
method-cash = Cash collection
method-cards = Cards

## keyring
keyring-disabled-env = PAYDESK_NO_KEYRING is set
created-qr-alt = QR code for { $url }

## QR
qr-too-long = This text is too long for a QR code
qr-save-failed = The QR image could not be saved: check that the files' folder exists and the disk has room, and try again

## receiver
receiver-bad-address = the webhook address { $address } is not valid
receiver-cannot-listen = could not listen on { $address }: { $error }
receiver-port-taken = Another program uses port { $port }: close it, or change the notifications port in Settings, then restart paydesk (usually another paydesk window or "paydesk webhooks serve").
receiver-port-forbidden = The system does not let port { $port } be used without being an administrator: choose a port above 1024 in Settings and restart paydesk.
receiver-address-absent = This computer has no address { $address }: in Settings write 0.0.0.0 (all) or 127.0.0.1 (this computer only) and restart paydesk.

## settings file
config-read = paydesk's settings could not be read. Check that the file exists and that your user on this computer may open it.
config-too-new = The settings were saved by a newer paydesk (format { $format }): update paydesk on this computer to use them.
config-mistake = paydesk's settings have a mistake and could not be read. Correct the file (Details say where) or ask whoever installed paydesk for help.
config-save = paydesk's settings could not be saved. Check that the disk has room and that your user on this computer may write in that folder.
config-no-profile = There is no profile named { $name }
config-profile-problem = Profile { $name }: { $problem }
config-no-folder = No folder for paydesk's settings could be found on this computer. Ask whoever installed paydesk for help.
config-profile-address-missing = the service's address (or the payments' one) is missing
config-profile-address-unreadable = one of the service's addresses is not a web address
config-profile-address-insecure = the service's addresses must start with https://
config-profile-listen = the address where notifications are heard must look like 127.0.0.1:8787
config-profile-brand = the shop's brand number must be greater than zero

## ledger
ledger-io = This computer's books could not be read or written. Check that the disk has room and that no other program has them open; if it goes on, restore the latest copy in Settings › Backups.
ledger-folder = The books folder { $path } could not be created. Check that your user may write there and that the disk has room.
ledger-reference-used = The reference { $reference } is already used by another payout
ledger-newer = The ledger was written by a newer paydesk (schema { $schema }); update paydesk
ledger-too-soon = A payout went out { $ms } ms ago; payouts must be further apart
ledger-repeat = A payout of the same amount to the same number went out recently
ledger-repeat-unsettled = A payout of the same amount to the same number is still unconfirmed
ledger-no-payout = No payout with id { $id }
csv-write = Could not write the CSV: { $error }

## connection
simulator-start-failed = Could not start the built-in simulator: { $error }
keyring-error = The system keyring could not be used: { $error }

## cli: accounts
cli-token-in-keyring = (stored in the system keyring)
cli-register-no-keyring = there is no system keyring ({ $reason }): the new token would be lost. Nothing was sent. Start a keyring (gnome-keyring, KeePassXC), or add --print-token to get the token in the output once
cli-token-not-stored = (not stored: { $reason })
cli-registered = 
    Registered { $name } ({ $email }), environment { $environment }
    API token { $note }
cli-token-shown-once = 
    The system keyring is not available, so the token is shown once. Keep it safe:
      { $token }
cli-password-unreadable = Could not read the password: { $error }
cli-password-again = Password again
cli-account-deleted = Bank account { $id } deleted
cli-repeat-not-sent = { $warning }. Not sent: add --allow-repeat to send it anyway
cli-payout-sent = 
    Payout of { $amount } to { $destination } sent
    Reference:        { $reference }
    Status reference: { $status_reference }
cli-none-given = (none given)
cli-real-money = {" "}— REAL MONEY
cli-disbursement-balance = {" "}(disbursement balance { $balance })
cli-no-terminal = { $summary } Not sent: there is no terminal to confirm on. Add --yes to send without asking
cli-type-yes = Type yes to send:
cli-answer-unreadable = Could not read the answer: { $error }
cli-not-sent = Not sent
cli-to = to

## cli: payments
cli-resource-title = QR code { $id } ({ $kind })
cli-checkout-started = Checkout started: reference { $reference }
cli-link-title = Payment link for { $amount }
cli-payment-title = Payment of { $amount } created

## webhooks
verdict-valid = valid
verdict-invalid = the signature does not match
verdict-missing = the notification has no signature
verdict-no-key = no webhook key (HASH_KEY) is set up
cli-no-bank-list = This method has no bank list
cli-request-not-built = the request could not be built
cli-notification-requested = Notification for transaction { $transaction } requested (status { $state })
cli-notification-requested-for = Notification for payment { $reference } requested
cli-press-ctrl-c-receiver = Press Ctrl-C to stop; requests in flight are finished first.
cli-valid-signature = Valid signature: { $reference } { $state }; paid by the customer { $gross }, fee { $fee }, you receive { $net }
cli-do-not-add-up = {" "}(these do not add up)
cli-not-valid = NOT valid: { $reason }
cli-dates-unreadable = the dates could not be read

## cli
cli-using-simulator = Using the built-in simulator: no real money moves.
cli-simulator-cannot-start = Could not start the simulator on { $address }: { $error }
cli-serving-simulator = Serving the paydesk simulator; press Ctrl-C to stop.

## simulator: one per computer
simulator-held-not-answering = Another paydesk (process { $pid }) serves this computer's simulator but does not answer. Close it, or end that process, and try again.
simulator-not-running = No simulator is running for this computer's paydesk. Open paydesk, or run `paydesk simulator` in another window, and try again.
cli-simulator-already-running = This computer's simulator is already running (process { $pid }, { $url }): nothing new was started. The app and the other commands use that one.
cli-simulator-started-in-background = Started the built-in simulator in the background ({ $url }): the links you create stay payable and paydesk uses it when you open it. It stops by itself after { $minutes } minutes without use, once no link of it awaits payment.
cli-simulator-background-failed = Could not start the built-in simulator in the background ({ $error }). Open paydesk, or run `paydesk simulator` in another window, and try again.

## cli: profiles
cli-now-uses-profile = paydesk now uses profile { $name }
cli-on-this-computer = on this computer
cli-forget-needs-yes = This deletes this computer's books and tokens: add --yes to do it.
cli-forget-failed = Could not delete { $path }: { $error }
cli-profile-saved = Profile { $name } saved ({ $environment }); paydesk now uses it. Add its tokens in the app's Settings or with PAYDESK_* variables.
main-threads-failed = paydesk could not start its worker threads: { $error }
main-window-failed = paydesk could not open its window: { $error }
main-no-window-title = paydesk could not open its window
main-no-window-box = paydesk could not show its window on this computer: the display does not offer the graphics acceleration it needs (usually a missing graphics card driver, a remote desktop or a virtual machine).

    What to do: install the graphics driver from the computer's maker (or look for updates in Windows Update) and open paydesk again. Your books and payments have not been touched.

    Detail for technical support: { $error }

## simulator: payer page
payer-state-rejected = Rejected
payer-state-pending = Pending
payer-state-approved = Approved
payer-state-failed = Failed
payer-state-cancelled = Expired
payer-state-processing = Processing
payer-state-unknown = Unknown
payer-no-payment = This payment does not exist
payer-chooses-amount = The payer chooses the amount
payer-amount-label = Amount to pay (pesos)
payer-pay = Pay
payer-decline = Decline
payer-fail = Simulate a provider failure
payer-title = Checkout { $reference }
payer-simulator = paydesk simulator: no real money moves here
payer-reference = Reference { $reference }
payer-state = State: { $state }
exception-detail-disagreement = notified { $notified }, the service says { $service }
exception-detail-unknown = { $state }, received { $time }
exception-detail-created = created { $time }

## x
csv-could-not-create = could not create { $path }: { $error }
field-payout-kind = Payout type

## The till: customer screen and banners
banner-approved = Payment approved
banner-rejected = Payment rejected
banner-failed = Payment failed
banner-expired = Payment expired unpaid
banner-ended = { $what }: { $amount } (reference { $reference })
banner-reason = Reason given by the service: { $reason }
customer-waiting = Waiting for the payment…
customer-paid = Payment received!
customer-paid-thanks = Thank you for your purchase.
customer-rejected = The payment was declined
customer-rejected-explain = Your bank or wallet did not approve it. Nothing was charged; you can try again or pay another way.
customer-failed = The payment could not be completed
customer-failed-explain = Something went wrong with the payment method. Nothing was charged; please try again.
customer-expired = This payment code has expired
customer-expired-explain = Ask the cashier for a new code.
customer-collect-again = Charge again
display-title = paydesk · Customer display
display-idle = The amount to pay and the QR code will show here
display-showing-sale = The customer display shows a sale.
display-clear = Take it off the customer display

## The till: reconciliation

## The till: the next sale
collect-new-sale = New sale
collect-same-amount = A charge of { $amount } was created { $seconds } s ago (reference { $reference }).
collect-same-amount-question = Is this another sale? If the customer is paying the same purchase, use the charge already created.
collect-same-amount-yes = Yes, another sale: create it
collect-same-amount-no = No, do not create it

## The till: the receiver in the top bar
top-receiver-down = Notifications off
top-receiver-down-help = The service's notifications do not reach this computer. { $problem } Meanwhile payments are still confirmed by asking the service.

## The till: the Status table
status-reference-hint = your reference (TABLE-4) or the service's
status-none-match = None of today's sales matches "{ $wanted }". "Check status" asks the service, or the books for a sale's number (1-000123).
status-payment-title = Payment { $reference }
status-no-notifications = No notification has arrived for this payment.

## The till: the day's close
nav-reconcile = Day's close
reconcile-today = Today
reconcile-yesterday = Yesterday
reconcile-this-week = This week
reconcile-this-month = This month
reconcile-other = Other dates
reconcile-range = { $from } to { $to }
reconcile-open-folder = Open folder
reconcile-open-folder-failed = { $folder } could not be opened from paydesk: open it with the file manager

## The till: settings filled once
field-in-settings = { $field } (Settings › Advanced)
settings-advanced = Advanced
settings-advanced-note = Set once for every sale; the till's forms do not ask for these.

## The till: messages that belong to their state
payouts-may-review-again = The 30 s have passed: you may review the payout again.

## The till: registration by place names
hint-municipality = name (Bogotá) or DANE code
register-unknown-department = choose a department from the list, or type its code
register-unknown-municipality = not a municipality we know there: choose one of the suggestions or type its code
register-done = Registration done: { $name } is now signed in on the profile { $profile }.
register-done-keyring = Its token is kept in the system keyring.
register-done-memory = The system keyring is not available, so the session lasts until paydesk is closed.
top-profile-merchant = { $name } · merchant { $id }
reconcile-notifications = { $count } notifications received in these days

## The till: sending the payment
created-whatsapp = Send by WhatsApp
created-whatsapp-failed = WhatsApp could not be opened on this computer: copy the link and send it yourself
whatsapp-message = Hello! This is the link to pay { $amount } to { $shop }: { $url }
whatsapp-message-for = Hello! This is the link to pay { $amount } to { $shop } for { $what }: { $url }
card-reference = Reference { $reference }
field-shop-name = Shop name
hint-shop-name = as customers know it
shop-name-simulator = Tienda Demo
shop-name-unset = Your shop

## The till: one app per session
already-open = paydesk is already open: its window was brought to the front.

## The till: the size of the screen
settings-size = Size of text and buttons
settings-size-auto = Automatic, for this screen ({ $percent } %)
top-keyring-short = No keyring
register-choose-department = Choose… (or type the municipality)

## shared ledger
ledger-url-scheme = The address must start with postgres://
ledger-url-password = Do not write the password in the address: paydesk keeps it in the system keyring
ledger-url-user = The address needs a user (postgres://USER@host/database)
ledger-url-database = The address needs a database name at the end (postgres://user@host/DATABASE)
ledger-url-unreadable = The address cannot be read as a PostgreSQL address (postgres://user@host:5432/database)
ledger-url-host = The address needs a host
ledger-url-tls = { $host } is not this computer: the connection must be encrypted (remove sslmode=disable)
ledger-postgres = The shared books refused the operation. Tell whoever runs the books server.
ledger-unreachable = The shared ledger at { $host } cannot be reached
ledger-bad-url = The shared ledger address { $url } is not valid: { $reason }
ledger-tls = This computer cannot open an encrypted connection to the shared books. Update the system or tell whoever installed it.
ledger-runtime = The shared books could not be opened on this computer. Close and open paydesk; if it goes on, restart the computer.
ledger-missing = The ledger did not answer as expected ({ $query })

## ledger watch
cli-watch-needs-shared = Only a shared ledger can be watched: give --ledger-url or set ledger_url in the profile
cli-watch-listening = Listening to the shared ledger at { $host } (Ctrl-C to stop)
cli-watch-notification = Notification: { $reference } { $state } ({ $check })
cli-watch-payment = Payment: { $reference } { $amount } { $state }
cli-watch-payout = Payout: { $reference } { $amount } { $state }

## top bar: shared ledger
top-ledger-away = No ledger
top-ledger-away-help = { $problem }. What is on screen stays; payouts wait until the ledger is back, which paydesk notices by itself.

## settings: ledger
field-ledger-url = Shared ledger (PostgreSQL)
settings-ledger = Ledger
settings-ledger-shared = Shared by the shop's tills: { $place }
settings-ledger-here = On this computer: { $place }
settings-ledger-how-to-share = For several tills to share it, write the PostgreSQL address in Edit profile > Advanced > Shared ledger.
settings-ledger-password = Shared ledger password
hint-ledger-password = Kept in the system keyring
settings-ledger-save-password = Save password
settings-ledger-test = Test connection
settings-ledger-test-ok = Connected to { $place } (schema { $version })

## shared ledger: refusals
ledger-wrong-password = The shared ledger at { $host } refused the user or its password: check the password in Settings > Ledger (or PAYDESK_LEDGER_PASSWORD)
ledger-no-database = The database "{ $database }" does not exist at { $host }: create it first (createdb), or check the address
ledger-shared-restore = A shared ledger is restored with PostgreSQL's own tools (pg_restore); paydesk restores a copy into this computer's ledger.
settings-ledger-tested-at = Tested at { $time }:
settings-ledger-other-profiles = It also holds the profiles { $profiles }: tills see each other's sales and share the payout rules only under the same profile name (this one is { $profile })
cli-watch-received = Payment to code { $reference }: { $amount }
banner-ended-sold = { $what }: { $amount } · { $description } (reference { $reference })
banner-received = Payment received
state-takes-payments = Takes payments
state-payments-today = { $count ->
    [one] 1 payment today
   *[other] { $count } payments today
}
status-received-today = Payments received today
status-received-fee = fee { $fee }
exception-detail-payout = { $amount } to { $destination }
exception-detail-contradiction = The books hold it { $held } and the service said { $answered } on { $time }; the books do not change. Ask the service before returning money or charging again.
state-not-checked = not checked
exception-unconfirmed = Approval to be confirmed
exception-fee-not-known = Fee not known
exception-detail-unconfirmed = notified as approved on { $time }; the service has not confirmed it, so it is not counted as money
exception-detail-fee-not-known = { $amount } confirmed by the service, which did not say its fee
reconcile-unconfirmed = { $count ->
    [one] 1 approval to be confirmed: not counted until the service confirms it
   *[other] { $count } approvals to be confirmed: not counted until the service confirms them
}
cli-sale-not-in-books = Payment { $reference } was created at the service but could not be written to the ledger: { $error }
cli-close-title = Close from { $from } to { $to }
cli-close-title-day = Close of { $day }

## Backups
backup-folder = The copy could not be written in { $path }: { $error }
backup-not-a-ledger = { $path } is not a copy of paydesk's books.
backup-damaged = The copy { $path } is damaged ({ $detail }); it was not used.
backup-newer = { $path } was written by a newer paydesk (books format { $schema }); update paydesk to restore it.
backup-none = There is no copy of the books in { $folder } yet.
backup-empty = nothing written down yet
backup-contents = { $span }: { $payments ->
        [one] 1 payment received
       *[other] { $payments } payments received
    }, { $collections ->
        [one] 1 charge created
       *[other] { $collections } charges created
    }, { $payouts ->
        [one] 1 payout
       *[other] { $payouts } payouts
    }
cli-backup-done = Copy of the books saved and verified: { $path }
    { $contents }
cli-restore-which = Name the copy to restore (a file), or --newest for the newest in the backup folder.
cli-restore-preview = The copy { $path } holds { $contents }. Restoring replaces the books on this computer with it; the current books are kept aside.
cli-restore-no-terminal = { $preview } Nothing was restored: there is no terminal to confirm. Add --yes to restore without asking.
cli-restore-type-yes = Type yes to restore:
cli-restore-not-done = Nothing was restored.
cli-restore-done = Books restored: { $contents }
cli-restore-aside = The books it replaced are kept in { $path }
cli-ledger-damaged = The books in { $path } cannot be opened: they are damaged ({ $error }). Nothing was changed. Restore the newest copy with: paydesk ledger restore --newest
top-no-recent-copy = No recent backup
top-no-recent-copy-help = The last good copy of the books is from { $when }. Settings > Backups > Make a copy now (or choose a folder that is there, such as a plugged-in USB stick).
top-no-copy-help = The books have no copy yet. Settings > Backups > Make a copy now.
damaged-title = The books cannot be opened
damaged-explain = paydesk could not open this computer's books (they are damaged, or the file is gone). Nothing was replaced, and paydesk did not start empty books in their place.
damaged-newest = The newest good copy is from { $when }: { $contents }.
damaged-restore = Restore this copy
damaged-go-on = Go on without books
damaged-no-copy = There is no copy of the books to restore in the backup folder. Charging still works; payouts wait until the books open. Ask for help before writing anything new.
backups-taken = Copy made and verified: { $when }
backups-restored = Books restored: { $contents }
backups-title = Backups
backups-last = Last good copy: { $when }
backups-none-yet = The books have no copy yet.
backups-kept = { $count ->
        [one] 1 copy kept
       *[other] { $count } copies kept
    } (one a day for seven days, one a week for four weeks), each checked after it is written.
backups-folder = Folder
backups-use-folder = Use this folder
backups-folder-hint = A USB stick, or a folder OneDrive or Google Drive keeps: if this PC fails, the books are there. A copy is made each day paydesk is open.
backups-now = Make a copy now
backups-restore = Restore…
backups-restore-explain = Restoring replaces this computer's books with the copy; the current books are kept aside as a copy.
backups-restore-this = Restore…
backups-other-file = Another copy (file)
backups-preview = { $path } holds { $contents }.
backups-restore-confirm = Replace the books with this copy
cli-forget-which = give exactly one of --cellphone, --document or --email
rule-document-number = a document number is 4 to 20 letters and digits
cli-forgotten = The customer's data was blanked from { $notifications } notifications and { $payouts } payouts; amounts, references and states stay.
customers-title = Customers' data
customers-explain = Names, e-mails, phones and document numbers that come with payments (Ley 1581 de 2012) are kept this many days, then blanked; amounts, references and states stay.
customers-days = Keep customers' data (days)
customers-days-save = Save
customers-days-range = between 1 and 3650 days
customers-days-saved = Customers' data is kept { $days } days.
customers-forget = Forget a customer (cellphone, document or e-mail)
customers-forget-button = Forget
customers-who-unreadable = write a cellphone (10 digits), a document number or an e-mail

## Who works the till: owner, cashiers, PINs
rule-pin-empty = enter the PIN
rule-pin-shape = the PIN has { $min } to { $max } digits, digits only
rule-pin-guessable = choose a PIN that is hard to guess (not all the same or in a row like 1234)
rule-cashier-name-empty = enter the cashier's name
ledger-pin-hash = The PIN could not be saved. Try again.
ledger-export = The file could not be written. Check that the folder exists and that the disk has room.
actor-owner = Owner
actor-cashier = Cashier { $name }
actor-anyone = the till
actor-at-till = { $who } at { $till }
till-name-title = This till's name
till-name-explain = This is how this till is named on sales, shifts, paper and files. Without a PIN, the till itself is who serves.
till-name-save = Save name
till-name-saved = This till is called { $name }.
till-name-empty = type this till's name
till-name-too-long = a till's name has at most { $max } characters
till-name-unprintable = use only letters, digits and punctuation in the till's name
action-payout = Payout sent
action-bank-account-added = Bank account added
action-bank-account-deleted = Bank account deleted
action-credentials = Credentials changed
action-profile = Profile changed
action-settings = Settings changed
action-owner-pin = Owner's PIN set or changed
action-cashier-added = Cashier added or PIN changed
action-cashier-removed = Cashier removed
action-restore = Books restored from a copy
action-customer-forgotten = A customer's data forgotten
action-owner-opened = Owner mode opened
action-pin-locked = PIN locked after wrong tries
cli-watch-people = A PIN or the list of cashiers changed
cli-watch-contradiction = The service contradicted a final state; the books do not change (to review in the close)
table-cell-empty = { $column }: blank
column-cashier = Cashier
column-till = Till
pin-locked-now = Too many tries: the PIN is locked for a while. Wait and try again.
pin-wrong = Wrong PIN. { $left ->
    [1] 1 try left before it locks.
   *[other] { $left } tries left before it locks.
}
pin-owner-unset = There is no owner's PIN yet.
pin-cashier-gone = That cashier is no longer on the list.
pin-current-needed = Enter the owner's current PIN first.
pin-current-wrong = The current PIN is not right.
pin-owner-saved = Owner's PIN saved. From now on paydesk opens in Till mode.
cashier-saved = { $name } can take the till with their PIN.
cashier-removed = { $name } is no longer on the list of cashiers (their sales keep their name).
owner-idle-saved = Owner mode closes after { $minutes } min without use.
pin-owner-title = Owner's PIN
pin-owner-explain = Payouts, balance, bank accounts and settings are the owner's alone.
pin-cashier-title = Change cashier
pin-cashier-explain = Choose your name and enter your PIN: your sales are recorded under your name.
pin-hint = PIN
pin-enter = Enter
pin-locked-for = PIN locked after wrong tries: wait { $seconds } s.
caja-nobody = no cashier
caja-chip = Till · { $cashier }
caja-change-cashier = Change cashier
caja-owner = Owner
caja-owner-help = With the owner's PIN: payouts, balance, accounts and settings
owner-chip = Owner mode
owner-chip-help = Closes by itself after { $minutes } min without use
owner-lock = Lock
damaged-call-owner = Only the owner can restore a copy: call the owner. Meanwhile you can go on selling.
reconcile-by-cashier = Cashier: { $name }
log-profile-active = Active profile: { $name }
log-profile-saved = Profile saved: { $name }
log-signed-out = Signed out (tokens removed from the keyring)
log-title = Activity log
log-refresh = Refresh
log-export = Export CSV
log-empty = No activity recorded yet.
log-export-failed = The log could not be exported: check that the files' folder exists and the disk has room, and try again
log-when = When
log-who = Who
log-what = What
log-detail = Detail
people-title = Owner and cashiers
people-reading = Reading who works the till…
people-why-pin = With an owner's PIN, whoever is at the till can only sell and see today's payments: sending money, changing credentials, restoring or exporting the books stay with the owner.
people-current-pin = Current PIN
people-new-pin = New PIN
people-repeat-pin = Repeat the PIN
people-pin-hint = 4 to 12 digits
people-pins-differ = The two PINs differ.
people-set-pin = Set the owner's PIN
people-change-pin = Change the owner's PIN
people-idle = Owner mode closes after
people-minutes = { $minutes } min without use
people-cashiers = Cashiers
people-no-cashiers = No cashiers yet: add one with their name and a PIN of their own.
people-cashier-since = since { $when }
people-remove = Remove
people-remove-confirm = Remove { $name }? Click again
people-cashier-name = Cashier's name
people-cashier-name-hint = like Ana or Luis
people-cashier-pin = Cashier's PIN
people-add-cashier = Add cashier
people-cashier-new-pin = Change { $name }'s PIN
log-payout = { $amount } to { $destination } (reference { $reference })
cli-pin-no-terminal = the owner's PIN is needed: type it at the terminal or pass it on standard input with --pin-stdin
cli-pin-again = Repeat the PIN
cli-pin-changed = Owner's PIN changed.
cli-cashier-needs-owner = set the owner's PIN first (paydesk pin set): without it anyone at the till can do everything
log-registered = Merchant registered from the command line
log-from-terminal = From the command line
log-newest-copy = the newest copy
chart-title = How the business is doing
chart-per-day = Sales per day, last 30 days
chart-per-hour = Sales per hour
chart-by-method = By payment method
chart-by-cashier = By cashier
chart-total = Total: { $amount }
chart-nothing = No sales on these dates.
chart-month-nothing = No sales in the last 30 days: each day will show here once there are.
log-backup-folder = Backup folder: { $folder }
caja-session-ended = The session with the service ended: call the owner to open it again with their PIN. Payments already created go on.

## Paper: the counter's poster, receipts, the close
paper-58 = 58 mm
paper-80 = 80 mm
page-carta = Letter
page-media-carta = Half letter
page-a4 = A4
receipt-title = Payment receipt
receipt-when = Date
receipt-method = Payment method
receipt-concept = For
receipt-reference = Reference
receipt-provider-reference = Provider ref.
receipt-cashier = Served by
receipt-amount-unknown = Amount not given
receipt-confirmed = Payment confirmed by the payment service.
receipt-not-an-invoice = This receipt is not an invoice (factura) nor an equivalent document.
close-paper-title-day = Close of { $day }
close-paper-title = Close from { $from } to { $to }
close-paper-by-method = By payment method
close-paper-by-cashier = By cashier
close-paper-nobody = No cashier
close-paper-payouts-paid = Payouts paid
close-paper-payouts-open = Payouts under way
close-paper-payouts-failed = Payouts failed
close-paper-exceptions = { $count ->
    [one] 1 item to review in paydesk
   *[other] { $count } items to review in paydesk
}
close-paper-printed = Printed { $when }
poster-title = Payment poster of { $shop }
poster-scan-and-pay = Scan and pay
poster-method = Takes: { $method }
print-error-encode = The printout could not be prepared. Try again; if it happens again, show the details to whoever supports you
print-error-bad-uri = "{ $text }" is not a printer. Write tcp://ADDRESS:9100 (network printer), usb:PATH (USB printer) or system:NAME (a system printer).
print-error-unreachable = The printer { $printer } does not respond. Check that it is on and connected; the sale goes on.
print-error-paper-out = The printer { $printer } is out of paper. Put in a new roll and print again; the sale goes on.
print-error-cover-open = The cover of printer { $printer } is open. Close it and print again.
print-error-usb = Could not print on the USB printer { $path }. Check that it is on and its cable connected.
print-error-no-queue = There is no printer called "{ $queue }" on this computer.
print-error-no-system = This computer's print system does not respond, so its printers cannot be listed. Write the address of a network printer (tcp://…) or a USB one (usb:…), or have the print service (CUPS) installed or started.
print-error-queue = The printer "{ $queue }" did not take the job. Check that it is on and has paper, and try again.
print-error-not-a-receipt-printer = "{ $queue }" is not a receipt printer: only a receipt printer has a drawer.
print-error-not-confirmed = The service has confirmed no payment of { $reference }: there is no receipt to print.
print-error-unknown-reference = { $reference } is not a payment of this profile in this computer's books.
print-error-not-a-counter-code = { $reference } is not a code that takes many payments (static QR, interoperable QR or Bre-B key): a poster is only for those.
print-error-write = Could not save { $path }. Check that the folder exists and the disk has room.
print-detail-no-answer = it does not answer
print-detail-refused = it refused the connection (is it off, or at another address?)
print-detail-not-connected = it is not connected
print-detail-permission = this user may not use it
print-detail-stopped = it stopped taking the job halfway
print-error-not-a-page-printer = { $printer } is a receipt printer: the poster needs a sheet printer (or save it as a PDF).
cli-print-needs-target = say where to print: --pdf FILE or --printer tcp://ADDRESS:9100, usb:PATH or system:NAME (or choose a printer in Settings › Printer)
rule-paper = the paper is 58 or 80 mm, not "{ $text }"
rule-page = the sheet is carta, media-carta or a4, not "{ $text }"
cli-printed-pdf = PDF saved to { $path }
cli-no-printers = This computer has no printers in its print system.
cli-print-flags-unreadable = The printing options could not be read.
paper-printed = Printed on { $printer }.
paper-pdf-saved = PDF saved to { $path }.
paper-saved = Printer saved for this computer.
paper-no-printer = This computer has no printer: choose one in Settings › Printer.
paper-no-books = This computer's books are not open: there is nothing to print from.
paper-drawer-opened = Drawer opened.
paper-test-title = Test print
paper-test-body = If you can read this with its accents, the printer is ready for receipts.
paper-test-printer = Printer
paper-print-receipt = Print receipt
paper-receipt-pdf = Receipt as PDF
paper-poster = Print poster
paper-print-close = Print close
paper-close-pdf = Close as PDF
printer-title = Printer
printer-address = Printer:
printer-address-help = A receipt printer on the network (tcp://ADDRESS:9100), a USB one (usb:/dev/usb/lp0) or a system printer (system:NAME, look it up with "Find printers"). Empty: receipts are saved as PDF.
printer-find = Find printers
printer-none-found = The print system has no printers installed.
printer-paper = Roll:
printer-page = Sheet for the poster and the close:
printer-receipt-on-approval = Print the receipt on each payment approved at this till
printer-drawer-on-approval = Open the drawer on each payment approved at this till
printer-save = Save printer
printer-test = Print a test
printer-open-drawer = Open drawer
paper-queued = Sent to { $printer }: the print system prints it.

## Field names in messages a person reads (in English, the wire names)
field-name-amount = amount
field-name-reference1 = reference1
field-name-reference2 = reference2
field-name-reference3 = reference3
field-name-description = description
field-name-customer-name = customer name
field-name-customer-cellphone = customer cellphone
field-name-email = email
field-name-return-url = returnUrl
field-name-webhook-url = webhookUrl
field-name-brand-id = brandId
field-name-expires-in = expiresIn
field-name-method = method
field-name-cellphone = cellphone
field-name-payer-cellphone = payer cellphone
field-name-bank-id = bankId
field-name-type-person = typePerson
field-name-document-type = documentType
field-name-document-number = documentNumber
field-name-doc-type = docType
field-name-doc-number = docNumber
field-name-name = name
field-name-address = address
field-name-merchant-id = merchantId
field-name-whatsapp-account-id = whatsappAccountId
field-name-tax = tax
field-name-commerce-type = commerceType
field-name-city = city
field-name-state = state
field-name-info = info
field-name-bank = bank
field-name-resource = resource
field-name-key = key
field-name-bank-name = bankName
field-name-number = number
field-name-type = type
field-name-otp = otp
field-name-reference = reference
field-name-transaction-id = transaction-id
field-name-resource-id = resource-id
field-name-status = status
field-name-cost = cost
field-name-id = id
field-name-check = check
field-name-reason = reason
field-name-spacing = spacing
field-name-label = label
field-name-data = data
field-name-products = products
field-name-password = password
field-name-verify-password = verifyPassword
field-name-referred = referred
field-name-register-type = registerType
field-name-print-token = print-token
field-name-webhook-request = webhookRequest
field-name-user = user
field-name-from = from
field-name-to = to
field-name-range = range
field-name-file = file
field-name-environment = environment
field-name-base-url = base_url
field-name-pay-url = pay_url
field-name-profile-brand-id = brand_id
field-name-profile-user-id = user_id
field-name-profile-merchant-id = merchant_id
field-name-profile-webhook-url = webhook_url
field-name-profile-return-url = return_url
field-name-shop-name = shop_name
field-name-webhook-listen = webhook_listen
field-name-ledger-url = ledger_url
field-name-env-user-id = PAYDESK_USER_ID
field-name-user-id-flag = user-id
field-name-hash-key = HASH_KEY
field-name-pin = pin
field-name-new-pin = new-pin
field-name-cashier-name = cashier
field-name-idle-minutes = idle-minutes
field-name-printer = printer
field-name-paper = paper
field-name-page = page
field-name-date = date

## top bar: status chips
chip-notifications = Notifications on
chip-notifications-title = The service's notifications
chip-notifications-ok = paydesk receives the service's notifications here ({ $url }). A notification only makes paydesk ask the service about the payment: "Payment received!" always comes from the service's answer.
chip-keyring = Keyring
chip-keyring-title = System keyring
chip-keyring-ok = Tokens are kept encrypted in the system keyring, never in a file.
chip-keyring-problem = Tokens last only while paydesk is open: after closing it they must be pasted again. Reason: { $reason }. What to do: open the system keyring (on Windows, the Credential Manager; on Linux, GNOME Keyring or KWallet), unlock it and open paydesk again.
chip-ledger = Books
chip-ledger-title = This computer's books
chip-ledger-ok = Payments and payouts are kept on this computer: { $place }
chip-shared-ledger = Shared ledger
chip-shared-ledger-ok = The tills share the books at { $place }. What one till collects, the others see.
chip-copies = Backups
chip-copies-title = Backups
chip-copies-ok = The books' last good backup is from { $when }. paydesk makes one every day in the folder under Settings > Backups.
chip-copies-looking = paydesk is looking at the backups folder. Settings > Backups says where it is.

## Collect, amount first
field-what-is-sold = What are you selling?
collect-customer-details = Customer details (optional)
collect-reference-and-expiry = Reference and expiry
collect-reference = Reference

## empty screens
status-empty-title = No sales today yet
status-empty-body = Every sale of today shows here, however it was paid (link, QR, cash, tab or a mix), with its state as it is now. If a customer says they paid, look up their reference or the sale's number above.
status-empty-action = Collect a payment
reconcile-empty-title = Nothing to reconcile for these dates
reconcile-empty-body = What the service confirmed shows here: approved payments by method and by cashier, payouts paid and what does not add up. Change the dates above, or make the first sale.
reconcile-empty-action = Collect a payment
journal-empty-title = No payouts yet
journal-empty-body = Every payout you send shows here: to whom, how much and where it stands (sent, paid or refused). For the first, type the amount and whom it goes to above and press "Review payout…": nothing leaves until you confirm it.

## The live service: the interface a profile speaks
interface-spec = 1.0 (the specification)
interface-current = the service's current one (2026)
rule-breb-alias-empty = enter the recipient's Bre-B alias, like @TIENDA123
rule-breb-alias-shape = the service only sends to a Bre-B alias: @ and the alias, with no spaces, like @TIENDA123 (not to a mobile number or an e-mail)
rule-shop-url-empty = enter the shop's web page or social network, like https://instagram.com/myshop
rule-shop-url-shape = use an address that starts with https:// (or http://), like https://instagram.com/myshop
field-name-shop-url = shop_url
field-name-interface = interface
field-name-env-interface = PAYDESK_INTERFACE
field-name-username = username
rule-expiry-whole-minutes = the service counts a link's life in minutes: choose whole minutes (15 min, 1 h, 1 day)
rule-expiry-at-least = { $method } needs at least { $minimum }
rule-card-description = say what the customer pays for: the service shows it on the card payment (up to 255 characters)
rule-withdraw-method-alias-only = the service only sends payouts to a Bre-B alias (method 264)
rule-payout-webhook-required = the service asks for a notification address with every payout: set it in Settings › Advanced (Notification address)
operation-sign-in = sign in to the service
refusal-token-rejected = The service did not accept this profile's access token (it may have been revoked): sign in again with your service user and password
refusal-wrong-credentials = The service does not know that user with that password: check them (the user is usually the e-mail you registered with)
refusal-needs-enrolment = The service refused the payment ("{ $service }"). The interoperable QR and Bre-B keys need the merchant to be enrolled first (Merchant Enrollment): if you are not, ask the service's support
refusal-needs-setup = The service refused the payment ("{ $service }"). The PSE gateway needs the service's support to set your business up in the PSE network first (entity and service codes): ask support, or use PSE
error-missing-shop-url = The shop's page is missing (its web site or social network): the service asks for it with every payment and payout. Enter it in Settings › Edit profile › Shop's page. Nothing was sent
error-missing-till = paydesk could not give this till a name (the data folder cannot be written). Nothing was sent
error-missing-user-id = This profile has no user id, and its service (interface 1.0) asks for it to tell the balance. Enter it in Settings › Edit profile. Nothing was sent
rule-shop-url-missing = the shop's page is missing (its web site or social network), which the service asks for with every payment: enter it in Settings › Edit profile
rule-interface-version = use 1.0 (the specification's interface) or 2026 (the service's current one)
cli-payout-alias-only = the service sends payouts only to a Bre-B alias: use --key @ALIAS (for example --key @TIENDA123), not --cellphone
rule-duration-shape = write a duration like 15min, 1h or 1d
field-breb-alias = Recipient's Bre-B alias
field-shop-url = Shop's page
sign-in-not-offered = This profile speaks the specification's interface 1.0, which has no sign-in: paste the access token

## Probar conexión
checkup-pay-token = Access token (payments)
checkup-user-id = User id
checkup-transaction-token = Per-transaction token
checkup-envelope-token = API token (registration, QR codes and accounts)
checkup-shop-url = Shop's page
checkup-webhook-key = Signing key (HASH_KEY)
checkup-webhook-address = Notification address
checkup-pay-token-works = the service accepted it
checkup-pay-token-missing = this profile has no access token
checkup-pay-token-rejected = the service did not accept it (it is wrong or was revoked)
checkup-fix-sign-in = Sign in with your service user and password (Settings › Credentials › Sign in…, or paydesk login)
checkup-fix-paste-access-token = Ask support for an access token and paste it in Settings › Credentials
checkup-unreachable = the service could not be reached at { $url }: { $error }
checkup-fix-pay-url = Check the internet connection and the profile's Payments address (Settings › Edit profile)
checkup-fix-base-url = Check the internet connection and the profile's API address (Settings › Edit profile)
checkup-refused = the service answered: { $service }
checkup-user-id-works = the service knows user { $id } (and told its balance)
checkup-user-id-refused = the service could not give user { $id }'s balance: { $service }
checkup-user-id-missing = the profile has no user id: payouts cannot check the balance before sending
checkup-user-id-fix = Enter the user id the service gave you (Settings › Edit profile)
checkup-user-id-not-needed = the profile has no user id, and this service does not need one: it told the balance of the signed-in user
checkup-after-pay-token = checked once the access token works
checkup-transaction-token-works = the service gave one (it was not used: no money moved)
checkup-transaction-token-uuid = no need to ask for one: interface 1.0 carries a fresh one (UUID) with each payment
checkup-transaction-token-missing-route = the service has no /trx-token/generate: it may speak the specification's interface 1.0
checkup-fix-interface = Change the Interface version in Settings › Edit profile › Advanced
checkup-envelope-token-works = the service accepted it (it listed the payment methods)
checkup-envelope-token-missing = not set: only needed to register, for the envelope API's QR codes and for bank accounts
checkup-envelope-token-rejected = the service did not accept it (the session ended or it has no permission)
checkup-fix-paste-api-token = Paste the API token again in Settings › Credentials
checkup-shop-url-not-needed = interface 1.0 does not ask for it
checkup-shop-url-set = { $url } (it goes with every payment and payout)
checkup-shop-url-bad = { $url } is not a web address
checkup-shop-url-missing = missing: the service asks for it with every payment and payout, and nothing goes without it
checkup-fix-shop-url = Enter the shop's page or social network in Settings › Edit profile
checkup-webhook-key-missing = not set: without it no notification from the service is accepted
checkup-fix-webhook-key = Ask the service's support for the HASH_KEY and paste it in Settings › Credentials
checkup-webhook-key-proven = a notification signed with it arrived on { $when }
checkup-webhook-key-unproven = it is kept, but it cannot be checked from here: the service never shows it. The first real notification will tell (in Notifications)
checkup-webhook-address-missing = not set: the service cannot tell of payments (paydesk still confirms them by asking)
checkup-fix-webhook-address = Enter your receiver's public https address in Settings › Edit profile › Advanced (see Going to production in the README)
checkup-webhook-address-bad = { $url } is not a web address
checkup-webhook-address-local = { $url } is this computer's: the service, on the internet, cannot reach it
checkup-webhook-address-simulator = { $url } answers as a paydesk receiver (the simulator notifies this computer)
checkup-webhook-address-works = { $url } answers as a paydesk receiver from this computer. Whether the service reaches it from the internet only the first notification will tell
checkup-webhook-address-silent = { $url } did not answer as a paydesk receiver: { $problem }
checkup-fix-reverse-proxy = Check that the reverse proxy (nginx, Caddy) sends /webhook to paydesk webhooks serve, and that it is running (see Going to production in the README)
checkup-probe-not-https = it does not start with https://
checkup-probe-answer = it answered { $status } without paydesk's greeting
log-signed-in-cli = Signed in to the service from the command line
field-service-user = Service user
rule-username-empty = enter the service user (usually the e-mail you registered with)
rule-password-empty = enter the password
cli-login-no-keyring = There is no system keyring to keep the token in ({ $reason }): sign in with --print-token to see it once, and pass it in PAYDESK_ACCESS_TOKEN
cli-login-token-shown-once = Signed in. This token was not kept; copy it now (it will not be shown again): { $token }
cli-signed-in = Signed in: profile { $profile }'s access token is in the system keyring (the password is not kept)
cli-checkup-title = Profile { $profile } · interface { $interface }
cli-check-needs-service = paydesk profile check needs the profile's service
checkup-probe-timeout = it did not answer within { $seconds } s
checkup-probe-no-connection = nobody takes connections there
checkup-fix-start-receiver = Open paydesk (its receiver listens while it is open) or run paydesk webhooks serve

## Signing in to the pay API
sign-in-working = One moment…
pay-sign-in-title = Sign in to the payment service
pay-sign-in-refused = The service no longer accepts this profile's access token (it may have been revoked). Sign in with your service user and password: what you had typed is still there
pay-sign-in-body = With your service user and password, paydesk asks for a new access token and keeps it in the system keyring
pay-sign-in-password-not-kept = The password is only used to ask for the token: it is not kept anywhere
pay-sign-in-button = Sign in
pay-sign-in-or-paste = Already have an access token? Paste it here
pay-sign-in-save-token = Save token
settings-save-and-sign-in = Sign in and save profile
settings-sign-in-title = Sign in to the service
settings-sign-in-note = With your service user and password, paydesk asks for the access token and keeps it in the keyring; the password is not kept. If you prefer, leave this empty and paste a token in Credentials
field-interface = Interface version
settings-sign-in-button = Sign in…
checkup-title = Connection with the service
checkup-note = Checks each credential and address of this profile with the service, without moving money
checkup-button = Test the connection with the service
checkup-running = Asking the service…
checkup-code = service code: { $code }
method-from = {" "}(the charge stays open at least { $duration })
method-at-least-life = Payments with { $method } must stay open at least { $minimum }
checkup-works = Works
checkup-fails = Fails
checkup-not-set = Missing
checkup-not-needed = Not needed
checkup-cannot-check = Not checked here
checkup-what-to-do = What to do: { $fix }
hint-up-to = up to { $max } characters
payouts-subtitle-alias = Send money to a Bre-B alias (@TIENDA123): the way the service sends today

## When the shop's internet drops
error-offline = No connection with the service since { $since }: nothing was sent. Try again when the connection is back (paydesk says so at the top)
cli-service-away = The service does not answer ({ $error }): paydesk keeps asking and will confirm as soon as the connection is back
cli-service-back = The service answers again
cli-watch-back = The shared ledger at { $host } answers: following it
chip-service-away = No connection since { $since }
chip-service-away-help = paydesk cannot reach the payment service: check the shop's internet (the router, the phone's data). What still works: customers pay on their own data, so the counter QR and links already sent keep taking payments, and paydesk confirms them as soon as the connection is back. Meanwhile no new charges are created and no payouts sent (nothing goes half-way). The day's close stays the same
customer-confirming = We are confirming your payment
customer-offline-cashier = no internet since { $since }: it will be confirmed when it is back
waiting-for-line = Waiting for the connection, not the customer: no internet since { $since }. If they already paid, it will be confirmed when it is back
collect-offline = No new charges until the connection is back. What still works: the customer pays on their own data, so the counter QR code and the links already sent keep collecting; paydesk confirms those payments when it is back
collect-offline-no-counter-code = No counter QR code is open today: when the connection is back, create one under "QR codes" for next time
collect-offline-show-code = Show to the customer: { $what }
status-offline = The states will update by themselves when the connection is back: every open payment is checked at that moment
payouts-offline = No payouts are sent without a connection (nothing leaves half-done). Those left with "Outcome unknown" will be confirmed with the service when it is back, never sent again

## Words, not system text (issue 42: errors in words, details folded; one word per state)
problem-details = Details
problem-detail-line = Details: { $detail }
payouts-journal-unopened = The payout journal could not be opened: { $problem }
cli-parse-error = error:
cli-parse-value-missing = { $arg } needs a value. Nothing was done
cli-parse-value-invalid = "{ $value }" is not a value { $arg } takes. Nothing was done
cli-parse-value-refused = "{ $value }" does not do for { $arg }: { $reason }. Nothing was done
cli-parse-unknown-arg = paydesk does not know the option "{ $arg }" in this command. Nothing was done
cli-parse-unknown-command = paydesk has no command "{ $command }". Nothing was done
cli-parse-missing = { $count ->
    [one] this command needs something that was not given; nothing was done:
   *[other] this command needs things that were not given; nothing was done:
    }
cli-parse-missing-command = "{ $command }" needs to be told what to do: { $commands }
cli-parse-conflict = { $arg } cannot be used together with { $other }. Nothing was done
cli-parse-repeated = { $arg } was written more than once: leave it once. Nothing was done
cli-parse-no-equals = write the value of { $arg } with an equals sign ({ $arg }=value). Nothing was done
cli-parse-too-many = "{ $value }" after { $arg } is one too many: that option takes one value. Nothing was done
cli-parse-how-many = { $arg } takes { $wanted } values and { $given } were written. Nothing was done
cli-parse-not-utf8 = what was written has characters paydesk cannot read (it is not UTF-8 text). Nothing was done
cli-parse-other = paydesk could not read the command line ({ $kind }). Nothing was done
cli-parse-did-you-mean = Did you mean "{ $similar }"?
cli-parse-values = Possible values: { $values }
cli-parse-options = [OPTIONS]
cli-parse-command = <COMMAND>
cli-parse-usage = Usage: { $usage }
cli-parse-more = To see the options: { $command } --help
collect-same-amount-paid = A charge of { $amount } was created { $seconds } s ago (reference { $reference }) and is already paid.
collect-same-amount-paid-question = Is this another sale for the same amount? If it is the same purchase, do not charge again: it is paid.
cli-parse-command-optional = [COMMAND]
cli-help-about = Payment links, QR codes, payouts and reconciliation for small merchants
cli-help-long-about = Without a command, opens the desktop app. With one, runs that operation and exits: 0 done, 1 the service refused, 2 bad input (nothing was sent), 3 network failure or unknown outcome.
cli-help-profile = Profile to use (default: the active profile, or the built-in simulator).
cli-help-json = Print exactly one JSON document on stdout.
cli-help-ledger-url = A shared ledger on PostgreSQL (postgres://user@host:5432/shop) instead of the profile's; its password comes from the keyring or PAYDESK_LEDGER_PASSWORD.
cli-help-lang = Language of the messages: es or en (default: the system's).
cli-help-pin-stdin = Read PINs from stdin, one per line (for scripts), instead of asking on the terminal.
cli-help-register = Register a merchant user (the password is read from stdin, never from a flag).
cli-help-login = Sign in with the service's user and password (its access token goes to the keyring).
cli-help-methods = List the payment methods of a type.
cli-help-resource = Generate a payment resource (QR, link, transfer...).
cli-help-checkout = Start a payer's checkout on a resource (the payment-link variant).
cli-help-link = Create a payment link (a gateway offering every method).
cli-help-charge = Create a payment for one method.
cli-help-status = Show the state of a transaction.
cli-help-banks = List the banks of a payment method.
cli-help-instant-banks = List the banks linked to a phone number.
cli-help-otp = Ask for a one-time code (sent to the merchant's phone).
cli-help-account = Add or delete a bank account.
cli-help-payout = Send money to a Bre-B alias (asks for confirmation unless --yes).
cli-help-refund = Give a customer money back for a sale (asks for confirmation unless --yes).
cli-help-sell = Sell, whatever pays it: cash, QR, link, tab (fiado) or a mix.
cli-help-sale = One sale by its number (1-000123): what was sold, how it was paid, its returns.
cli-help-sales = The day's sales (or a range) and the three figures: Ventas, Recibido and Por cobrar.
cli-help-cash = Cash at the counter: the shift, cash sales, money in and out, the count. Needs no service.
cli-help-tab = Customers' tabs (fiado): customers, what they take, their statements and how to settle them.
cli-help-payouts = The payouts sent from this computer, newest first.
cli-help-balance = Show the balance bags.
cli-help-notify = Ask the service to send a simulated webhook for a payment.
cli-help-webhooks = The webhook endpoint: serve it, or check a saved notification's signature.
cli-help-ledger = The ledger: follow a shared one, export for reconciliation.
cli-help-customer = Customers' personal data in the books (Ley 1581 de 2012).
cli-help-profile-command = Profiles: which service paydesk talks to.
cli-help-print = Paper: the counter's QR poster, a payment's receipt, the day's close.
cli-help-pin = The owner's PIN: once set, paydesk opens in Caja and moving money asks for it.
cli-help-cashier = The cashiers, each with a PIN of their own.
cli-help-update = Updates from paydesk's maker: look for a newer version, or download, verify and install it.
cli-help-simulator = Run the built-in simulator of the service until stopped.
cli-help-help-command = Print this message or the help of the given subcommand(s)
cli-help-print-help-more = Print help (see more with '--help')
cli-help-print-help-summary = Print help (see a summary with '-h')
cli-help-print-help = Print help
cli-help-print-version = Print version
cli-help-env = [env:
cli-help-default = [default:
cli-help-aliases = [aliases:
cli-help-possible-values = [possible values:
cli-help-commands = Commands:
cli-help-options = Options:
cli-help-arguments = Arguments:
refusal-unknown-method = The service does not offer that payment method to this shop, or the method's number is mistyped: nothing was charged. Check the number (130 Nequi, 131 Daviplata, 117 PSE…; see "paydesk charge --help")
chip-keyring-turned-off = Tokens only last while paydesk is open: once it closes they must be pasted again. Why: this computer opens paydesk with the option of not using the system's keyring (PAYDESK_NO_KEYRING). What to do: to keep them, have that option removed and open paydesk again.
settings-keyring-turned-off = paydesk was opened with the option of not using the system's keyring (PAYDESK_NO_KEYRING): the tokens you write only last until paydesk closes. To keep them, have that option removed and open paydesk again
keyring-locked = the keyring is locked or did not give access
keyring-no-service = no keyring service is running
keyring-failed = the keyring service failed ({ $error })
top-profile-shop = { $name } · { $shop }
accounts-code-in-simulator = You are practising on the simulator: the code reaches no phone, the simulator shows it on
accounts-code-in-simulator-link = this page (the number after "code")
register-municipality-incomplete = it may be { $names }: finish typing the name or choose one of the suggestions
duration-hours = { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }
duration-minutes = { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
duration-seconds = { $seconds ->
        [one] 1 second
       *[other] { $seconds } seconds
    }
activity-notification-summary = Received { $time } for payment { $reference }: it says "{ $notified }". { $check }.
activity-refused-summary = Received { $time } from { $source } and refused: { $reason }. It was applied to no payment.
accounts-linked-shown = Account { $number } linked
balance-bag-sales = Balance from your sales (the service calls it "{ $service }")
balance-bag-payouts = Balance for payouts (the service calls it "{ $service }")
link-method-card = Credit or debit card
link-method-bank-app = Bank app
link-method-pse = PSE (online bank transfer)
link-method-cash-on-delivery = Cash on delivery

## Updates (src/update, paydesk update, Settings › Updates)
update-bad-address = The update address "{ $url }" cannot be used: it must start with https:// (or be on this computer) and carry no user or password
update-unreachable = Could not reach { $host } to look for updates: check that this computer is online. paydesk will try again later
update-too-slow = { $host } took too long to answer: nothing was installed. paydesk will try again later
update-http-status = { $host } answered { $status } when asked for the update: nothing was installed
update-too-large = The answer was over the size allowed ({ $cap } bytes): refused, nothing was installed
update-bad-signature = The update does not carry the signature of paydesk's maker: refused, nothing was installed
update-not-a-feed = The list of versions is not paydesk's or cannot be read: nothing was installed. Check the updates address in Settings › Updates
update-replayed = A list of versions older ({ $offered }) than the last one seen ({ $seen }) was received: refused, nothing was installed
update-from-the-future = The list of versions is dated in the future ({ $offered }): check this computer's date; nothing was installed
update-downgrade = The version offered ({ $offered }) is not newer than the one you have ({ $running }): paydesk never goes back to an earlier version
update-no-file = The new version has no file for this computer ({ $platform })
update-wrong-size = The downloaded file is not the signed size ({ $got } bytes instead of { $expected }): deleted, nothing was installed
update-wrong-hash = The downloaded file is not the one the maker signed (its SHA-256 does not match): deleted, nothing was installed
update-disk = Could not write { $path }: check that the disk has room. Nothing was installed
update-not-installable = This paydesk was not installed with an installer (it was built from source): update it the way it was installed
update-install-failed = The update could not be installed: paydesk stays at the version it has. Try again later
ledger-too-old = This computer has an earlier version of paydesk: update it to keep using the shared books
cli-update-off = Looking for updates is off in Settings › Updates: nothing was looked at
cli-update-test-key = This build trusts a test key, not the maker's (for CI only)
cli-update-looking = Looking for a new version at { $url }…
cli-update-current = paydesk is up to date (version { $version })
cli-update-found = There is a new version of paydesk ({ $version }; you have { $running }):
cli-update-how = To install it: paydesk update install
cli-update-downloading = Downloading and checking version { $version }…
cli-update-installer-started = Version { $version } carries the maker's signature: the installer goes on by itself, closes paydesk if it is open and opens it again, updated
cli-update-replaced = Done: { $path } is now version { $version } (you will see it the next time you open paydesk)
cli-update-run-command = Version { $version } is downloaded and carries the maker's signature. Install it with the software center or with: { $command }
cli-update-window-open = paydesk is open on this computer and installing would close it, perhaps in the middle of a sale: nothing was installed. Close it and try again, or choose "Install when closing" in the app
update-offer = There is a new version of paydesk ({ $version }):
update-install-at-close = Install when closing
update-not-now = Not now
update-downloading = Downloading paydesk version { $version }… { $percent } %
update-at-close = Version { $version } is downloaded and checked: it is installed when you close paydesk, which opens again, updated
updates-title = Updates
updates-running = paydesk version on this computer: { $version }
updates-looking = Looking for a new version…
updates-up-to-date = paydesk is up to date
updates-newer = There is a new version: { $version }
updates-look = Look for new versions when paydesk opens and once a day (nothing about your business is sent)
updates-look-now = Look now
updates-feed = Update address
updates-feed-note = Empty: the maker's. A reseller may set its own; paydesk only installs files the maker signed, wherever they come from
updates-use-feed = Use this address
main-update-failed-title = paydesk could not be updated
updates-advanced = Advanced: where updates come from
update-saved = Version { $version } is downloaded and carries the maker's signature. Install it with the software center or with: { $command }

## Approvals spoken (src/speech)
speech-approval = Payment received: { $amount }
speech-approval-no-amount = Payment received
speech-reason-no-session = this session has no runtime folder (XDG_RUNTIME_DIR)
speech-reason-not-queued = it did not queue it
speech-reason-cancelled = the speech service cancelled it
speech-reason-closed = the speech service closed the connection
speech-reason-not-ssip = it answered something that is not the speech service's
speech-reason-not-a-socket = SPEECHD_ADDRESS={ $address }: paydesk speaks to speech-dispatcher over its local connection only (unix_socket)
speech-reason-did-not-start = the system's voice did not start
speech-reason-did-not-speak = the system's voice did not say the sentence
speech-aloud = Say it aloud ("Payment received: thirty-five thousand pesos")
speech-looking = Looking for this computer's voices…
speech-voice = Voice:
speech-voice-automatic = Automatic ({ $voice })
speech-volume = Volume:
speech-try = Try it
speech-look-again = Look for voices again
speech-tried = "Payment received: thirty-five thousand pesos" was said. If you did not hear it, check the computer's volume
speech-not-saved = The voice could not be saved in this computer's settings: it is used until paydesk closes. Check that the disk has room and try again
speech-language-es = Spanish
speech-language-en = English
speech-no-service = No speech service on this computer
speech-refused = The speech service did not say the message. Try again; if it still says nothing, restart the computer
speech-too-slow = The speech service did not answer in time
speech-voice-gone = The voice "{ $voice }" is no longer installed: choose another
speech-not-available = This system has no voice paydesk can use; the chime still sounds
speech-install-voice-linux = No { $language } voice is installed; meanwhile the chime sounds. Install the packages { $packages } (on Debian, Ubuntu or Mint: sudo apt install { $packages })
speech-install-voice-windows = No { $language } voice is installed; meanwhile the chime sounds. Add one in Windows Settings › Time & language › Speech › Add voices
speech-install-voice-macos = No { $language } voice is installed; meanwhile the chime sounds. Add one in System Settings › Accessibility › Spoken Content › System Voice › Manage Voices
speech-start-service-linux = paydesk speaks through speech-dispatcher, the desktop's speech service, and did not find it in this session; meanwhile the chime sounds. Install the packages { $packages } (sudo apt install { $packages }) and, if they are there, start the service when the session starts (the command speech-dispatcher --spawn --timeout 0 in the startup applications, so that it does not close after 5 idle seconds)
speech-no-voice = No installed voice speaks { $language }

## Files where people find them (issue 42: exports folder, pickers, «Abrir carpeta»)
files-title = Where files are saved
files-explain = The QR images, PDFs and Excel files (CSV) paydesk saves go to
files-folder = Folder for files
files-folder-saved = From now on files are saved in { $folder }.
files-folder-failed = The folder { $folder } cannot be used: { $error }
pick-folder = Choose folder…
pick-file = Choose file…
pick-backup-folder = Folder for the backups
pick-copy-to-restore = Copy of the books to restore
pick-exports-folder = Folder for the files paydesk saves
pick-copies = paydesk's copies of the books
log-exports-folder = Folder for files: { $folder }

## A screen that holds still, the cashier's seat (issue 42: overlay banners, who sells, Caja said)
caja-notice-title = This till is now in Till mode
caja-notice = With the owner's PIN set, this till only collects and shows today's payments and close. For Settings, Payouts or Balance: the «Owner» button, above, and the owner's PIN.
caja-notice-understood = Got it
caja-change-short = Change
people-set-pin-effect = Setting the PIN turns this till into Till mode at once: only Collect, Payment status and today's close. Everything else will ask for this PIN (the «Owner» button, above).
chip-notifications-short = Notifications
collect-seller = Selling: { $who }
collect-seller-owner = the owner
collect-seller-caja = the till (no cashiers on the list)
collect-seller-nobody = Selling: nobody said who (the sales carry no cashier)
collect-seller-identify = Say who is selling

## What a screen reader hears (issue 47): the window's name, a payment's announcement and the tables
window-title = paydesk — { $panel }
announce-ended = { $what }: { $amount }
announce-ended-sold = { $what }: { $amount }, { $description }
status-today-table = Today's sales
close-table = The close's totals
close-exceptions-table = Payments to review
table-column-line = Item
table-column-what = What happened
activity-table = Notifications received
activity-refused-table = Refused notifications
activity-column-content = Content
activity-column-source = Source
activity-column-reason = Reason
log-table = Log entries

## Returns (issue 44): money back to a customer for a sale, as the payout it is
return-reason-product = Product returned
return-reason-charged-twice = Charged twice
return-reason-wrong-amount = Wrong amount
rule-return-reason = Say why: product (a product returned), charged-twice, wrong-amount or other (with your own words)
rule-return-reason-words = Write the reason in your own words
return-customer-sent = Return sent: { $amount }
return-state-returned = Returned
return-state-part = Returned { $returned } of { $paid }
return-state-under-way = Return under way: { $amount } of { $paid }
return-state-part-and-under-way = Returned { $returned } of { $paid } · { $amount } under way
return-unknown-sale = There is no sale { $sale } in these books: check the reference (it is on the receipt and in Payment status)
return-other-profile = The sale { $sale } belongs to another profile (another merchant) of these books: return it from that profile
return-not-approved = The sale { $sale } is not approved ({ $state }): money goes back only for an approved sale
return-not-confirmed = The service has not confirmed how much was paid for the sale { $sale }: check its status and try again
return-choose-payment = { $sale } is a code that takes many payments ({ $count ->
    [one] 1 payment
   *[other] { $count } payments
}): say which one to return, by that payment's provider reference
return-no-such-payment = The code { $sale } took no payment with the provider reference { $payment }
return-one-payment = The sale { $sale } is one payment: no payment is chosen to return it
return-in-full = The sale { $sale } was already returned in full ({ $paid })
return-nothing-left = What remains to return of { $sale } is in a return under way ({ $amount }): check its status in Payouts before returning more
return-over-remaining = Only { $remaining } remains to return of this payment (the customer paid { $paid }): enter at most { $remaining }
action-return = Return sent
exception-detail-return = Return of { $sale }: { $amount } to { $destination }
close-returns-paid = Returns confirmed
close-returns-open = Returns under way
close-returns-failed = Returns that did not go
close-returns-fee = Each return's fee is the shop's cost: the service takes it from the disbursement balance, apart from these figures
close-returned = Returned
close-left = Left
close-net = Sales less returns
csv-return-review = return · reason: { $reason } · service reference { $service } · its fee is the shop's
csv-return-review-payment = return of the payment { $payment } · reason: { $reason } · service reference { $service } · its fee is the shop's
return-insufficient = The disbursement balance is { $balance }: not enough to return { $amount }. Top it up to return from here, or give the money back in cash outside paydesk (the till does not keep cash yet)
return-summary = Return { $amount } of the sale { $sale } (paid { $paid }; { $remaining } left to return) to { $destination } by { $method }. Reason: { $reason }
log-return = { $amount } to { $destination } for the sale { $sale } (reference { $reference })
close-paper-returns = Returns
return-receipt-title = Return receipt
return-receipt-sale = Sale returned
return-receipt-payment = Payment returned
return-receipt-so-far = Of this sale
return-receipt-reason = Reason
return-receipt-to = Sent to
return-receipt-how = By
return-receipt-service-reference = Service reference
return-receipt-confirmed = Return confirmed by the payment service.
print-error-not-a-return = { $reference } is not a return of this profile in this computer's books.
print-error-return-not-confirmed = The service has not confirmed the return { $reference } yet: check its status (paydesk payouts --check { $reference }) and print again.
cli-return-sent = 
    Return of { $amount } to { $destination } for the sale { $sale }: { $state }
    Reason:           { $reason }
    Reference:        { $reference }
    Status reference: { $status_reference }
cli-payout-returns = return of the sale { $sale }

## Returning money from the app (issue 44): the sale's window in Payment status
refund-button = Return by payout…
refund-owner-pin = Returning money is the owner's: their PIN is asked before the form opens
refund-needs-owner = Returning money is the owner's: type the owner's PIN and review again. Nothing was sent
refund-this-payment = Return { $amount } of { $time }
refund-title = Return money of the sale { $sale }
refund-paid = The customer paid { $paid }; { $remaining } left to return
field-refund-reason = Reason
refund-reason-other = Other (in your words)
field-refund-reason-words = Reason in your words
refund-reason-words-hint = Wrong size
field-refund-alias = Customer's Bre-B alias
field-refund-cellphone = Customer's mobile number
refund-review = Review return…
refund-checking = Checking the return…
refund-close = Close return
refund-confirm-title = Confirm the return
refund-confirm-after = After this return
refund-confirm-send = Return { $amount }
refund-sent = Return sent: { $amount } to { $destination }. Waiting for the payment service to confirm it
refund-confirmed = Return confirmed: { $amount } to { $destination }
refund-not-out = The return of { $amount } did not go out ({ $state }): { $reason }. That amount may be returned again
refund-no-reason = the service did not say why
refund-unknown-no-resend = paydesk will not send it again. Check its state in Payouts before returning again
refund-print-receipt = Print return receipt
refund-receipt-pdf = Return receipt as PDF

## Cash: the drawer's shift and its count (issue 45)
cash-bill = { $value } bill
cash-coin = { $value } coin
cash-count-not-whole = Count the { $denomination } in whole pieces (no commas or signs)
cash-count-too-many = Too many: check the number of { $denomination }
cash-count-unknown = "{ $denomination }" is not a bill or coin in circulation (for example 50000x3 or m500x4)
cash-difference-even = Even to the peso
cash-difference-over = Over by { $amount }
cash-difference-short = Short by { $amount }
cash-kind-sale = Cash sale
cash-kind-return = Cash return
cash-kind-in = Cash in
cash-kind-out = Cash out
cash-no-open-shift = No shift is open at this till: open it with the starting cash counted
cash-shift-already-open = A shift is already open at this till since { $since } ({ $by })
cash-shift-left-open = This till's shift was left open since { $since }: close it (count the drawer) before going on
cash-shift-closed = Shift { $shift } is already closed: nothing changes it
cash-no-such-shift = There is no shift { $shift } in the books
cash-no-such-entry = There is no cash entry { $entry } in the books
cash-already-voided = Entry { $entry } is already voided
cash-void-closed-shift = Entry { $entry } belongs to a closed shift: correct it with cash in or out in the open shift
cash-void-returned-sale = Sale { $sale } has returns: void them first
cash-owner-only = Only the owner voids cash entries
cash-not-your-shift = { $by } opened this shift: that person or the owner closes it
cash-drawer-short = The drawer should hold only { $holds }: not enough
cash-unknown-sale = There is no cash sale { $sale } (or it was voided)
cash-return-over = { $remaining } of that sale remains to return (it sold for { $sold })
cash-tendered-short = Not enough handed over: { $missing } missing
cash-already-charged = That sale was already charged in cash ({ $sale })
cli-watch-cash = A drawer changed: a shift, an entry or a void
field-name-tendered = handed over
field-name-base = starting cash
field-name-count = count
cash-reason-missing = Write the reason: it stays in the books
cash-reason-too-long = The reason is too long: { $max } characters at most
cash-base-negative = The starting cash is what the shift starts with: zero or more
cash-count-empty = Count the drawer: type how many bills and coins of each there are (zero if none)
cash-no-control = Remove line breaks and special characters
action-shift-opened = Shift opened
action-shift-closed = Shift closed (counted)
action-cash-in = Cash in
action-cash-out = Cash out
action-cash-return = Cash return
action-cash-void = Cash entry voided
cash-detail-opened = Shift { $shift }, starting cash { $base }
cash-detail-closed = Shift { $shift }: expected { $expected }, counted { $counted }. { $difference }
cash-detail-moved = { $amount }: { $reason }
cash-detail-returned = { $amount } of sale { $sale }: { $reason }
cash-detail-voided = { $kind } { $entry } of { $amount }: { $reason }
cash-return-owner-only = Giving money back in cash is the owner’s: ask for their PIN

## Cash close and paper
cashclose-exception-paid-twice = Paid twice
cashclose-exception-left-open = Shift left open from another day
cashclose-exception-detail-paid-twice = Paid twice: in cash ({ $cash }, { $amount }) and through the service ({ $approved }): return one
cashclose-exception-detail-left-open = The shift at { $till } was left open since { $since } (expected so far { $expected }): count the drawer and close it
cashclose-cash-heading = Cash: counted by the cashier, not confirmed by the service
cashclose-service-heading = Confirmed by the service
cashclose-open-uncounted = Open, not counted
cashclose-voided = Voided (in no other figure)
cashclose-expected = Expected
cashclose-expected-so-far = Expected so far
cashclose-counted = Counted
cashpaper-receipt-title = Cash sale receipt
cashpaper-method = Cash
cashpaper-tendered = Received
cashpaper-change = Change
cashpaper-instead-of = Instead of
cashpaper-receipt-counted = Paid in cash at the till; the payment service took no part.
cashpaper-error-not-a-sale = Cash entry { $entry } is not a sale: only a sale has a receipt
cashpaper-error-voided = Cash sale { $reference } was voided: it has no receipt
cashpaper-shift-title = Shift report { $shift }
cashpaper-never-added = Cash is counted by the cashier; the payment service does not confirm it. The two figures are not added.
cashpaper-till = Till
cashpaper-opened-by = Opened by
cashpaper-opened-at = Opened
cashpaper-closed-by = Closed by
cashpaper-closed-at = Closed
cashpaper-base = Opening cash
cashpaper-movements = Movements
cashpaper-movement-detail = { $why } ({ $who })
cashpaper-voided-detail = Voided by { $who } on { $when }: { $reason }
cashpaper-count = Drawer count
cashpaper-bills = Bills
cashpaper-coins = Coins
cashpaper-count-empty = Empty drawer: no bill or coin counted
cashpaper-note = Note
cashpaper-no-electronic = No electronic payment confirmed at this till during the shift
cashpaper-electronic-total = { $count ->
    [one] Confirmed by the service (1 payment)
   *[other] Confirmed by the service ({ $count } payments)
}
cashclose-net-sales = Cash sales less cash returns
cashclose-drawers-difference = { $open ->
    [0] Difference of the counted drawers: { $difference }
    [one] Difference of the counted drawers: { $difference } (1 drawer open, not counted)
   *[other] Difference of the counted drawers: { $difference } ({ $open } drawers open, not counted)
}
cashclose-drawers-uncounted = { $open ->
    [one] 1 drawer open, not counted
   *[other] { $open } drawers open, not counted
}
cashclose-difference = Difference
cashclose-closed-by = Closed by { $who } on { $when }
cashclose-amount = Amount
cashclose-drawers = Drawers: shifts and counts
cashpaper-opened-line = Opened by { $who } on { $when }
cashclose-csv-voided = Voided by { $who } on { $when }: { $reason }
cashclose-cli-exported-shifts = The drawers' shifts with their counts, apart: { $path }

## Cash sale
cashsale-mode = Cash
cashsale-tendered = Amount handed over
cashsale-exact = Exact
cashsale-change = Change: { $change }
cashsale-record = Record cash sale
cashsale-open-and-sell = Open shift and charge
cashsale-no-shift = No shift is open at this till
cashsale-base = Opening cash (what the shift starts with)
cashsale-base-needed = Type the opening cash counted (zero if the drawer starts empty) to open the shift with this sale
cashsale-left-open = The shift was left open since { $since }: close it in Shift by counting the drawer
cashsale-offline = Without internet cash is recorded all the same: it stays in this till's records
cashsale-offline-go = Go to Cash
cashsale-writing = Recording the sale…
cashsale-instead-of = Cash payment of sale { $reference } ({ $amount }): that sale is left unpaid
cashsale-instead-of-cancel = Do not charge in cash
cashsale-charge-instead = Charge in cash
cashsale-recorded = Cash sale recorded
cashsale-received = Received
cashsale-reference = Reference
cashsale-at = Date and time
cashsale-left-unpaid = Instead of sale { $reference }, left unpaid
cashsale-refused = The cash sale of { $amount } was not recorded
cashsale-put-back = Put the sale back in the form
cashsale-print-receipt = Print receipt
cashsale-receipt-pdf = Receipt as PDF
cashsale-whatsapp = Send receipt by WhatsApp
cashsale-receipt-cash = Paid in cash
cashsale-receipt-method = Paid with { $method }
cashsale-receipt-message =
    { $shop }
    Payment receipt: { $amount }
    Date: { $when }
    Reference: { $reference }
    { $how }
    This receipt is not an invoice.
cashsale-paid-twice = This sale was paid twice: in cash ({ $cash }) and through the service ({ $sale }, { $amount })
cashsale-paid-twice-open = Open the sale to give the money back

## Shift
shift-title = Shift
shift-no-ledger = The drawer's shift is kept in the shop's books, and the books are not available
shift-part-mine = This till
shift-part-all = Every till (owner)
shift-none-open = No shift is open at this till: count the cash it starts with
shift-base = Opening cash: what the drawer starts with
shift-base-hint = for example 100.000 (zero if it starts empty)
shift-open-button = Open shift
shift-open-since = Shift { $shift }, opened by { $by } on { $since }
shift-left-open = This till's shift was left open since { $since }: count the drawer and close it before opening today's
shift-figures = The drawer in figures
shift-column-amount = Amount
shift-figure-base = Opening cash
shift-figure-sales = Cash sales
shift-figure-returns = Cash returns
shift-figure-in = Cash in
shift-figure-out = Cash out
shift-expected-now = Expected in the drawer
shift-figure-voided = Voided (in no figure)
shift-entries = The shift's entries
shift-no-entries = No entries in this shift yet
shift-column-time = Time
shift-column-kind = Entry
shift-column-about = Reason or reference
shift-column-by = Who
shift-entry-return-of = Sale { $sale }: { $reason }
shift-entry-voided = Voided: { $reason } ({ $by })
shift-column-void = Voiding
shift-void-entry = Void
shift-moves-heading = Cash in and out
shift-amount-hint = for example 20.000
shift-reason = Reason
shift-reason-hint = why it goes in or out (kept in the books)
shift-reason-change = Change for the drawer
shift-reason-supplier = Supplier paid
shift-reason-safe = Withdrawal to the safe
shift-reason-product = Product returned
shift-record-in = Record cash in
shift-record-out = Record cash out
shift-record-return = Record cash return
shift-return-sale = Cash sale
shift-return-sale-hint = the sale's reference
shift-return-sale-missing = Type the cash sale's reference
shift-find-sale = Find sale
shift-return-found = Sale { $sale } of { $sold }: { $remaining } left to return
shift-close-heading = Close shift (count)
shift-count-heading = Counting the drawer
shift-count-hint = Count the bills and coins in the drawer and type how many there are of each
shift-denomination = Bill or coin
shift-pieces = How many
shift-subtotal = Subtotal
shift-bills = Bills
shift-coins = Coins
shift-counted = Counted
shift-expected = Expected
shift-count-empty = not counted
shift-note = Note (optional)
shift-note-hint = anything the owner should know about the count
shift-close-button = Close shift
shift-close-confirm = The shift closes with { $counted } counted. { $difference }. A closed shift is final.
shift-close-yes = Yes, close the shift
shift-close-count-first = Count the drawer to close the shift
shift-closed = Shift { $shift } closed
shift-print = Print shift report
shift-pdf = Shift report as PDF
shift-done = Done
shift-all-heading = Every till's shifts
shift-all-none = No shifts that day
shift-day-before = Day before
shift-day-after = Next day
shift-day-today = Today
shift-column-shift = Shift
shift-column-till = Till
shift-column-opened-by = Opened by
shift-column-opened = Opened
shift-column-closed = Closed
shift-column-difference = Difference
shift-number = Shift { $shift }
shift-still-open = Open
shift-chosen = Shift { $shift } at { $till }, opened by { $by }
shift-owner-close = Close this shift (the owner's count)
shift-void-heading = Void entry: { $kind } of { $amount } ({ $time })
shift-void-reason-hint = why it is voided (kept in the books)
shift-void-confirm = Void entry
shift-void-needs-owner = Only the owner voids entries: type the owner's PIN
## paydesk cash (the terminal)
cli-cash-opened = Shift { $shift } opened with { $base } starting cash
cli-cash-shift = Shift
cli-cash-sold = Cash sale recorded
cli-cash-voided = Entry voided (out of every figure; it stays in the books)
cli-cash-no-shifts = No shifts on those days
cli-cash-entry = Entry
cli-cash-amount = Amount
cli-cash-received = Handed over
cli-cash-change = Change
cli-cash-reference = Reference
cli-cash-instead-of = Instead of sale
cli-cash-reason = Reason
cli-cash-by = Who
cli-cash-void = Voided
cli-cash-shift-closed = closed: expected { $expected }, counted { $counted }. { $difference }
cli-cash-shift-open = open, not counted: expected so far { $expected }
cli-cash-till = Till
cli-cash-opened-by = Opened
cli-cash-base = Starting cash
cli-cash-voided-sum = Voided (in no figure)
cli-cash-expected = Expected in the drawer
cli-cash-expected-at-close = Expected at close
cli-cash-counted = Counted
cli-cash-difference = Difference
cli-cash-shift-title = Shift { $shift }
cli-cash-counted-note = Cash counted by the cashier: the payment service does not confirm it.
## Tabs: customers' accounts (issue 46)
tab-kind-taken = On the tab
tab-kind-paid-service = Payment confirmed by the service
tab-kind-paid-cash = Payment in cash
tab-unknown-customer = There is no customer { $id } in the books
tab-forgotten = That customer was forgotten at their request: their data is gone
tab-same-cellphone = { $name } already has that cellphone: check whether it is the same person (they are never merged on their own); if it is someone else, confirm to add them
tab-over-limit = Over the { $limit } limit (owes { $owed }): the owner's PIN is needed
tab-nothing-owed = That customer owes nothing
tab-over-balance = That is more than they owe ({ $owed })
tab-still-owes = Still owes { $owed }: forgotten once the tab is at zero
tab-has-credit = Has { $credit } in credit: give it back before forgetting them
tab-owner-only = That is the owner's: ask for their PIN
tab-no-limit = no limit
tab-cash-reason = Tab payment from { $name }
tab-detail-added = { $name } (authorised: { $how })
tab-detail-limit = { $name }: limit { $limit }
tab-detail-over-limit = { $name }: { $amount } on the tab over the { $limit } limit
tab-detail-forgotten = Tab customer { $id }
action-tab-customer-added = Tab customer added
action-tab-limit = Tab limit changed
action-tab-over-limit = Taken over the tab limit
cli-watch-tab = A customer's tab changed
tab-message-whole = Hello, { $name }. This is { $shop }: your tab is at { $owed }. You can pay it here: { $link } Thank you!
tab-message-part = Hello, { $name }. This is { $shop }: your tab is at { $owed }. This link pays { $amount } of it: { $link } Thank you!
tab-message-reminder = Hello, { $name }. A reminder from { $shop }: your tab is at { $owed } (since { $since }). Whenever you can, drop by or ask us for the link to pay. Thank you!
field-name-limit = limit
field-name-consent = data authorisation
tab-consent-missing = Without the customer's authorisation to keep their data (Ley 1581) nothing is kept: ask them and say how they gave it
tab-field-missing = Type it: it is needed

## Tabs on the command line
cli-tab-no-customers = No customers kept yet
cli-tab-total-owed = Owed to the shop
cli-tab-total-credit = In the customers' favour
cli-tab-same-cellphone-hint = If it is someone else, run it again with --same-cellphone
cli-tab-added = Customer { $id } kept: { $name }
cli-tab-over-limit-hint = Over the limit only with the owner: run it again with --owner (the owner's PIN is asked)
cli-tab-taken = { $amount } on { $name }'s tab
cli-tab-description = What was taken
cli-tab-over-limit = Over the limit
cli-tab-over-limit-yes = over the limit, with the owner
cli-tab-balance = Balance
cli-tab-limit-set = { $name }'s limit: { $limit }
cli-tab-paid-cash = { $amount } paid in cash by { $name }
cli-tab-drawer-entry = Drawer
cli-tab-drawer = entry { $entry } of shift { $shift }
cli-tab-message = Message
cli-tab-no-cellphone-chat = No cellphone kept: WhatsApp asks which chat to send it to
cli-tab-reminder-title = Reminder for { $name } (nothing was sent)
cli-tab-link-to-copy = { $name } has no cellphone: copy the link and the message and send them yourself
cli-tab-link-title = Link for { $amount } of { $name }'s tab (nothing was sent)
cli-tab-forgot = Customer { $id } forgotten: name, cellphone and document are gone; the amounts stay
cli-tab-owes = Owes { $owed } since { $since }
cli-tab-in-credit = { $credit } in their favour
cli-tab-settled = Nothing owed
cli-tab-no-cellphone = none (links are copied, not sent by WhatsApp)
cli-tab-cellphone = Cellphone
cli-tab-document = Document
cli-tab-limit = Limit
cli-tab-consent = Data authorisation
cli-tab-forgotten-name = (forgotten at their request)
cli-tab-taken-sum = Taken
cli-tab-paid-sum = Paid
cli-tab-statement-title = Statement of { $name } (customer { $id })

## Tabs
fiado-title = Tabs
fiado-no-ledger = Without books open there are no tabs: check the books in Settings
fiado-total-owed = Owed to the shop today: { $amount }
fiado-search = Search
fiado-search-hint = Name or cellphone
fiado-no-customers = No tab customers yet: add one with «Add customer»
fiado-none-found = No customer has that name or cellphone
fiado-customers-table = Tab customers
fiado-column-name = Customer
fiado-column-cellphone = Cellphone
fiado-column-standing = Tab
fiado-owes-since = Owes { $amount } since { $since }
fiado-credit = In credit { $amount }
fiado-settled = Settled
fiado-add-open = Add customer
fiado-add-heading = Add a tab customer
fiado-add-cancel = Cancel
fiado-name = Name
fiado-cellphone = Cellphone
fiado-cellphone-hint = 10 digits; without it, links are copied
fiado-document = Document
fiado-limit = Limit
fiado-limit-hint = The most they may owe without the owner
fiado-consent = The customer authorises keeping their data for their tab (Ley 1581)
fiado-consent-field = Data authorisation
fiado-consent-how = How they gave it
fiado-consent-how-hint = In person, by WhatsApp, in writing…
fiado-consent-spoken = In person, at the shop
fiado-consent-whatsapp = By WhatsApp
fiado-consent-written = In writing
fiado-add-button = Save customer
fiado-another-person = It is someone else: add them
fiado-back = All customers
fiado-figures = Taken in all { $taken }; Paid { $paid }
fiado-cellphone-is = Cellphone: { $cellphone }
fiado-document-is = Document: { $document }
fiado-consent-given = Authorised keeping their data on { $at }, { $how }; recorded by { $by }
fiado-limit-is = Limit: { $limit }
fiado-new-limit = Change limit
fiado-new-limit-hint = Empty: no limit
fiado-limit-button = Save limit
fiado-no-entries = Nothing on this tab yet
fiado-entries-table = Statement
fiado-column-when = Date
fiado-column-what = What
fiado-column-amount = Amount
fiado-column-by = Who
fiado-over-limit-entry = { $what } (over the limit, with the owner)
fiado-take-heading = Put on the tab: what they take
fiado-take-amount-hint = What it is worth
fiado-take-what = What they took
fiado-take-what-hint = Rice, oil…
fiado-take-button = Put on the tab
fiado-taken = { $amount } put on the tab
fiado-with-owner-pin = With the owner's PIN
fiado-collect-heading = Collect the tab
fiado-confirmed = Payment confirmed by the service: { $amount } credited to { $name }'s tab
fiado-nothing-to-collect = Nothing owed: nothing to collect
fiado-link-amount = Amount to collect
fiado-all-owed-hint = Empty: all they owe ({ $owed })
fiado-over-owed = { $amount } is more than they owe ({ $owed })
fiado-create-link = Create payment link
fiado-reminder = Reminder
fiado-link-description = Payment on a tab
fiado-link-made = Payment link for { $amount } (sale { $reference })
fiado-link-waiting = Waiting for the payment: the tab is credited once the service confirms it
fiado-link-approved = Payment approved: crediting the tab…
fiado-link-credited = Payment approved and credited to the tab
fiado-link-ended = The link ended unpaid: the tab stays as it was
fiado-whatsapp = Send by WhatsApp
fiado-copy-link = Copy link
fiado-copy-message = Copy message
fiado-no-cellphone = No cellphone kept: copy the message and send it yourself
fiado-copied = Copied
fiado-cash-heading = Cash payment
fiado-cash-amount = Amount received
fiado-cash-button = Take the cash payment
fiado-cash-paid = Cash payment of { $amount }: written on the tab and in the shift
fiado-open-shift-hint = Cash goes into this till's shift: open it in Shift.
fiado-go-to-shift = Go to Shift
fiado-forget-heading = The customer's data (Ley 1581)
fiado-forget-note = At the customer's request (Ley 1581): their name, cellphone and document are erased; the amounts stay. Only once the tab is at zero.
fiado-forget-button = Forget customer
fiado-by-service = The service (link or QR)
fiado-from-collect = Put on a tab…

## Tabs in the close
tabclose-heading = Tabs: what customers took without paying; not money received
tabclose-given = On a tab (taken without paying)
tabclose-paid-service = Tabs collected by link or QR
tabclose-in-service = Already in what the service confirmed: not added again
tabclose-paid-cash = Tabs collected in cash
tabclose-in-cash = Already in the drawers' cash in: not added again
tabclose-owed-now = { $count ->
    [0] Nobody owed on a tab at the close
    [one] Still owed at the close: { $amount } (1 customer)
   *[other] Still owed at the close: { $amount } ({ $count } customers)
}
tabclose-credit-now = { $count ->
    [one] Credit in customers' favour at the close: { $amount } (1 customer)
   *[other] Credit in customers' favour at the close: { $amount } ({ $count } customers)
}
tabclose-counted-in = Where it is already counted
cash-void-tab-payment = Entry { $entry } is a payment of a customer's tab: it is not voided (the tab would stay paid with money no drawer holds). If it was a mistake, record cash out with its reason and put that amount on the tab again
tab-consent-how-missing = Say how the customer gave their authorisation: in person, by WhatsApp or in writing

## The sale: one record whatever paid it (issue 51)
sale-way-service = Electronic payment
sale-way-cash = Cash
sale-way-tab = On the tab
sale-word-service = confirmed by the service
sale-word-cash = counted by the cashier
sale-word-tab = owed by the customer
sale-part-pending = Pending
sale-part-paid = Paid
sale-part-expired = Expired
sale-part-declined = Declined
sale-part-voided = Voided
sale-state-paid = Paid
sale-state-waiting = Waiting for payment
sale-state-open = { $missing } still to collect
sale-state-voided = Voided
sale-part-on-tab = To collect
sale-state-on-tab = Sold on the tab
sale-bad-number = «{ $number }» is not a sale number: write it as 1-000123
sale-unknown = There is no sale { $number } in the books
sale-parts-do-not-add = The ways of paying add up to { $parts } and the sale is for { $amount }: they must add up to the same
sale-lines-do-not-add = The items add up to { $lines } and the sale is for { $amount }: they must add up to the same
sale-over-missing = Only { $missing } is still to collect on this sale
sale-already-paid = This sale is already paid
sale-voided = This sale was voided
sale-unknown-part = This sale has no way of paying { $part }
sale-part-not-paid = That way of paying is not paid: there is nothing to return
sale-return-over = Only { $remaining } remains to return of that way of paying ({ $paid } was paid): enter at most { $remaining }
sale-return-wrong-way = That return does not fit that way of paying: a tab is credited on the customer's account, and what was paid goes back in cash or by payout
sale-cash-back-owner-only = Giving back in cash what was paid through the service is the owner's to allow
sale-no-items = That item is no longer on the frequent items list
sale-detail-item-added = { $item } at { $price }
sale-detail-item-removed = { $item }
action-item-added = Frequent item added
action-item-removed = Frequent item removed
action-tab-return = Return credited to the tab
tab-kind-returned = Return credited
tab-detail-returned = { $name }: { $amount } credited for goods returned ({ $reason })
tab-asked-already = Unpaid links already ask for { $waiting } of what is owed ({ $owed }): collect only the rest, or wait for them to expire
sale-return-way-payout = By payout
sale-return-way-cash = In cash
sale-return-way-tab = Credited to the tab

## The books' notices (issue 51)
cli-watch-sale = A sale, a way of paying or a return was written

## Ventas en la terminal: paydesk sell, sale y sales (issue 51)
field-name-sale = sale number
field-name-item = item
field-name-cash-part = cash part
field-name-qr-part = QR part
field-name-link-part = link part
field-name-tab-part = tab part
cli-sales-title-day = Sales of { $day }
cli-sales-title-range = Sales from { $from } to { $to }
cli-sales-none = No sales
cli-figures-sales = Sales: { $net } (sold { $sold } in { $count ->
        [one] 1 sale
       *[other] { $count } sales
    }, returned { $returned })
cli-figures-unpaid = Unpaid (not a sale yet)
cli-figures-voided = Voided (no sales)
cli-figures-paid-twice = Paid twice (to give back)
cli-figures-returns-under-way = Returns under way (not confirmed by the service yet)
cli-figures-count = { $amount } ({ $count })
cli-figures-received = Received (two kinds of money: never added together)
cli-figures-received-service = From the payment service (confirmed by the service)
cli-figures-service-money = { $gross } in { $count ->
        [one] 1 payment
       *[other] { $count } payments
    }; fee { $fee }; you receive { $net }
cli-figures-received-cash = In cash (counted by the cashier)
cli-figures-owed = Owed to the shop: { $total }
cli-figures-owed-tabs = Tabs (customers who owe)
cli-figures-owed-charges = Links and QR codes unpaid
cli-sale-return-stands = done
cli-sale-return-under-way = under way: not confirmed by the service yet
cli-sale-return-nothing = did not go (refused, failed or voided)
cli-sale-returned = returned { $amount }
cli-sale-when = When
cli-sale-by = Sold by
cli-sale-amount = Amount
cli-sale-description = Description
cli-sale-returned-label = Returned
cli-sale-paid-twice-label = Paid twice
cli-sale-paid-twice = { $over } paid too much: to give back
cli-sale-title = Sale { $number } · { $state }
cli-sale-lines = Items:
cli-sale-line = { $quantity } × { $description } at { $price } = { $total }
cli-sale-parts = Paid with:
cli-sale-returns = Returns:
cli-sale-charge-again-hint = Sale { $number } is missing { $missing }: charge it another way with paydesk sale { $number } --charge-cash { $amount } (or --charge-qr { $amount }, --charge-link { $amount }, --charge-tab CUSTOMER:{ $amount })
cli-sale-amount-open = amount left to the customer
cli-sale-received = received { $received }, change { $change }
cli-sale-returnable = { $amount } left to return
cli-sale-return-under-way-amount = { $amount } being returned
cli-sale-row = Sale
cli-sell-no-part = Say how it is paid: --cash, --qr, --link or --tab CUSTOMER:AMOUNT (the parts add up to the sale)
cli-sell-needs-service = A QR code or a link is made at the payment service, and this command ran without it
cli-sell-item-shape = «{ $item }» is not an item: write it as "Bread;2;1.500" (description;quantity;price of one)
cli-sell-item-problem = «{ $item }»: { $problem }
cli-sell-tab-shape = «{ $typed }» does not say whose tab: write it as CUSTOMER_NUMBER:AMOUNT (for example 3:20.000; paydesk tab customers gives the number)
cli-sell-charge-made = { $kind } made at the service (nothing was sent to the customer)
cli-sell-follow = To follow the payment

## Notifications that are not their sale's, and the close's to-review list (issue 51)
check-not-its-sale = does not belong to that sale
exception-not-its-sale = Notification that does not belong to that sale
exception-detail-not-its-sale = The notification says { $reference } for { $amount } (what the shop receives); { $sale } is { $sale_reference } for { $sale_amount }. It was not taken as a confirmation: the sale stays as the service says
exception-not-its-sale-numbered = sale { $number }
exception-not-its-sale-charge = the charge
exception-not-its-sale-tab = the tab collection for { $customer }
exception-detail-not-its-payment = The notification says it is payment { $payment } of counter QR { $code } for { $amount } (what the shop receives), but the service confirms no such payment for that amount. It counts neither as money nor as a sale
exception-no-provider-reference = without the provider's reference
exception-tab-paid-by-two-links = Tab paid by two links
exception-detail-tab-paid-by-two-links = { $customer } paid their tab with two links at once: { $amount } is left in their favour. Give it back, or take it off what they next take on the tab
exception-forgotten-customer = A customer forgotten at their request
exception-detail-sale-paid-twice = Sale { $number } of { $total }: { $standing } was paid ({ $parts }); { $over } too much: give it back
exception-sale-part = { $way } { $reference }: { $amount }

## Cobrar: what was sold, fiado and payment in parts (issue 51)
cobrar-quantity-rule = Type how many: a whole number from 1 to { $max }
cobrar-deposit-covers = The deposit covers the whole sale of { $amount }: take it in cash
cobrar-description-missing = Type what it is
cobrar-customer-total = Purchase total: { $total }
cobrar-customer-total-title = Purchase total
cobrar-customer-paid-cash = Paid in cash: { $amount }
cobrar-customer-on-tab = On { $name }'s tab: { $amount }
cobrar-customer-received = Received: { $amount }
cobrar-customer-thanks = Thank you for your purchase!
cobrar-customer-returned = Return: { $amount }
cobrar-display-returned-cash = Return: { $amount } in cash
cobrar-display-returned-tab = Return: { $amount } credited to your tab
cobrar-not-written = The books did not return the sale written: look for it in Status before charging it again
cobrar-lines-heading = Products (optional)
cobrar-lines-heading-sum = Products: { $count } for { $total }
cobrar-line-times = { $quantity } × { $price }
cobrar-line-remove = Remove
cobrar-line-remove-what = Remove { $what } from the sale
cobrar-line-what = Product
cobrar-line-quantity = Quantity
cobrar-line-price = Price of one
cobrar-line-add = Add product
cobrar-item-save = Save to frequent items
cobrar-item-save-hint = The product typed and its price go on the frequent items list of every till
cobrar-items-title = Frequent items
cobrar-items-none = No frequent items yet: type one above with its price and save it
cobrar-item-pick = { $item } · { $price }
cobrar-items-remove-title = Remove frequent items (owner)
cobrar-item-remove = Remove { $item } from frequent items
cobrar-fiar-again = What sale { $number } is missing goes on the tab
cobrar-fiar-deposit = Deposit in cash
cobrar-fiar-deposit-hint = What they pay now: the rest goes on the tab
cobrar-fiar-on-tab = On the tab: { $amount }
cobrar-fiar-picked = On { $name }'s tab
cobrar-fiar-pick = Whose tab? Pick the customer from the list or add them
cobrar-fiar-pick-first = Pick the customer from the list, or add them
cobrar-fiar-button = Put { $amount } on { $name }'s tab
cobrar-fiar-button-blank = Put on the tab
cobrar-cash-again = What sale { $number } is missing: { $missing }
cobrar-rest-title = Charge the rest ({ $rest }):
cobrar-rest-qr = Rest by QR
cobrar-rest-link = Rest by link
cobrar-rest-tab = Rest on the tab
cobrar-card-tab-title = Sale on the tab recorded
cobrar-card-title = Sale recorded
cobrar-card-number = Sale { $number } · { $state }
cobrar-card-refused = The sale on the tab of { $amount } was not recorded
cobrar-card-charge-refused = The service did not make the charge for the rest: the sale stays open for what is missing
cobrar-card-line = { $quantity } × { $what }: { $total }
cobrar-card-tab-of = on { $name }'s tab
cobrar-card-missing = Still to charge: { $missing }
cobrar-again-cash = Charge what is missing in cash
cobrar-again-tab = Put what is missing on a tab
cobrar-again-qr = Charge what is missing by QR
cobrar-again-link = Charge what is missing by link
cobrar-receipt-number = Sale { $number }
cobrar-mode-tab = On the tab
cobrar-tab-create-qr = Create QR code
cobrar-tab-qr-made = QR code for { $amount } (sale { $reference })
cobrar-tab-shown = Payment to { $name }'s tab

## Payment status: the day's sales (issue 51)
status-way-qr = QR
status-state-paid-twice = Paid twice: give back { $amount }
status-state-returned = Returned
status-state-returned-part = Partly returned ({ $amount })
status-code-row = { $kind } · each payment is a sale
status-tab-row = Payment on { $name }'s tab · not a sale
status-other-day-row = Part of sale { $number }, of another day
status-charge-row = { $kind } · not a sale
status-sold = Sales: { $amount }
status-sold-unpaid = and { $amount } not paid yet
status-received-service = Received through the service: { $payments }
status-received-cash = In cash: { $amount }
status-owed = Owed to the shop: { $amount }
status-figures-reading = Reading the day's figures…
status-filter = Show
status-filter-all = All
status-filter-paid = Paid
status-filter-waiting = Waiting for payment
status-filter-open = Still to collect
status-filter-voided = Voided
status-filter-returned = With a return
status-column-number = Sale
status-column-ways = Paid with
status-sale-title = Sale { $number }
status-sale-when = Date and time
status-sale-by = Sold by
status-sale-lines = What was sold
status-sale-line = { $quantity } × { $description } at { $price }
status-sale-parts = How it was paid
status-part-tab-word = owed by { $name }
status-sale-paid-twice = { $amount } was paid over: give the customer back what they paid twice
status-charge-details = Details of electronic payment { $reference }
status-sale-whatsapp = Send receipt by WhatsApp
status-sale-print = Print receipt ({ $way })
status-sale-pdf = Receipt as PDF ({ $way })
status-whatsapp-failed = WhatsApp could not be opened on this computer: copy the receipt and send it yourself
status-return-cash-back = Return in cash (customer here)…
status-return-cash = Return in cash…
status-return-tab = Credit the tab…
status-return-title-cash = Return in cash for sale { $number }
status-return-title-tab = Credit { $name }'s tab (sale { $number })
status-return-paid = { $paid } was paid this way; { $remaining } left to return
status-return-send-cash = Return { $amount } in cash
status-return-send-tab = Credit { $amount } to the tab
status-return-done-cash = { $amount } returned in cash from the drawer
status-return-done-tab = { $amount } credited to { $name }'s tab
status-return-needs-owner = Returning is the owner's: type the owner's PIN. Nothing was written
status-return-nothing-left = Nothing is left to return of this way of payment
status-find-sale = Looking for sale { $number } in the books…
payouts-return-of = Return of sale { $number }
status-open-sale = Open sale { $number }

## The close's three figures (issue 51)
dayclose-sales = Sales
dayclose-sales-meaning = What was sold less what was returned
dayclose-sales-sold = Sold ({ $count ->
    [one] 1 sale
   *[other] { $count } sales
})
dayclose-sales-returned = Returns ({ $count })
dayclose-sales-by-way = How it was paid
dayclose-sales-under-way = Returns under way: { $amount } ({ $count }); not counted yet: taken off once the service confirms them
dayclose-sales-unpaid = Not paid: { $count ->
    [one] 1 sale
   *[other] { $count } sales
} for { $amount }; not counted in Sales until paid
dayclose-sales-voided = Voided: { $count ->
    [one] 1 sale
   *[other] { $count } sales
} for { $amount }; not counted in Sales
dayclose-sales-paid-twice = Paid twice: { $count ->
    [one] 1 sale
   *[other] { $count } sales
}, { $amount } over; not counted in Sales: give back what was paid over
dayclose-received = Received
dayclose-received-meaning = Two kinds of money, each where it is: never added together
dayclose-received-service = Confirmed by the service ({ $count ->
    [one] 1 payment
   *[other] { $count } payments
})
dayclose-received-cash = Cash in the drawers, counted by the cashier ({ $count })
dayclose-received-fee-unknown = { $count ->
    [one] 1 payment without a known fee: the net leaves it out
   *[other] { $count } payments without a known fee: the net leaves them out
}
dayclose-owed = Owed to the shop
dayclose-owed-meaning = At the close: what customers owe on tabs and the charges not paid yet
dayclose-owed-tabs = Tabs ({ $count ->
    [one] 1 customer
   *[other] { $count } customers
})
dayclose-owed-charges = Links and charges not paid yet ({ $count })
dayclose-sold = Sold
dayclose-tab-returned = Returns credited to tabs
dayclose-tab-returned-where = Already taken off Sales: not money
dayclose-chart-bar = { $label }: { $amount }
dayclose-cli-exported-sales = The sales, part by part, with their returns and what was left owed (the "sold" column adds up to Sales): { $path }

## The DIAN's electronic POS document (issue 53)
dian-nit-empty = type the NIT
dian-nit-not-digits = a NIT has digits only, and its check digit goes after a hyphen (800197268-4)
dian-nit-too-long = the NIT has more than { $longest } digits: check it
dian-nit-no-check-digit = the check digit is missing: type it after a hyphen (800197268-4), as the RUT shows it
dian-nit-wrong-check-digit = the check digit of NIT { $nit } is { $expected }, not { $typed }: check the NIT against the RUT
dian-line-quantity-not-positive = a line with quantity { $quantity } cannot go on the document: the quantity is above zero, and a return is made with an adjustment note
dian-line-price-negative = a line with a negative price cannot go on the document: a discount comes off the line's price
dian-line-bag-price-below-tax = the bag's price is below its tax ({ $per_bag } per bag): charge at least the tax
dian-line-too-large = the sale's figures are too large for the document
dian-document-no-lines = the document needs at least one line of what was sold
dian-document-number-outside-range = number { $number } is outside the resolution's range ({ $from } to { $to }): ask the DIAN for a new numbering
dian-document-date-outside-resolution = the numbering resolution is valid from { $from } to { $until }, and the sale is of { $date }: ask the DIAN for a new resolution
dian-document-line = line { $line }: { $problem }
dian-document-line-no-description = line { $line } does not say what was sold: type a description
dian-document-no-payment = the document needs how the sale was paid
