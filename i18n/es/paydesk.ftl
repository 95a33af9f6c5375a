## rules
rule-amount-positive = el valor debe ser mayor que $ 0
rule-reference-empty = escriba una referencia
rule-at-most = máximo { $max } caracteres (este tiene { $count })
rule-hidden-character = quite el carácter invisible { $code } (cambia cómo se lee el texto)
rule-amount-ceiling = máximo { $ceiling } por pago
rule-no-line-breaks = quite los saltos de línea y tabulaciones
duration-one-day = 1 día
duration-days = { $days } días
rule-cellphone-empty = escriba un número de celular
rule-digits-only = use solo dígitos
rule-cellphone-shape = un celular colombiano tiene 10 dígitos y empieza por 3, como 300 123 4567
rule-otp-reason = elija un motivo del 1 al 5 (1 retiro, 2 inscribir cuenta, 3 eliminar cuenta, 4 QR de 2FA, 5 PIN)
rule-otp-empty = escriba el código que llegó a su celular
rule-otp-shape = el código tiene de 4 a 8 dígitos
rule-required = este campo es obligatorio
rule-email = escriba un correo como nombre@ejemplo.com
rule-document-empty = escriba el número de documento
rule-document-shape = use solo los dígitos del documento (de 3 a 15)
rule-person-type = use natural (0) para una persona o jurídica (1) para una empresa
rule-document-for-person = para este tipo de persona use uno de { $allowed }
rule-one-of = use uno de { $allowed }
rule-positive-id = elija un identificador válido (mayor que 0)
rule-withdraw-method = use 160 (retiro en línea), 245 (dispersión como producto) o 264 (llave Bre-B)
rule-breb-key-empty = escriba la llave Bre-B, como @TIENDA123
rule-breb-key-shape = use una llave Bre-B: @ y de 3 a 30 letras o dígitos, un celular, un correo o un número de documento
rule-withdrawal-ceiling = los retiros en línea son de máximo { $ceiling }
rule-password-short = use al menos 8 caracteres
rule-password-mismatch = las contraseñas no coinciden
rule-key-value = escriba CLAVE=VALOR, como Nombre=Ana (se recibió { $text })

## rules: addresses
rule-url-empty = escriba una dirección web
rule-url-host = a la dirección le falta el nombre del servidor
rule-webhook-empty = escriba la dirección https:// a la que el servicio envía las notificaciones (un perfil puede guardar una por defecto)
rule-webhook-loopback = el servicio no puede llegar a la dirección propia de este computador: use su dirección pública https:// de notificaciones
rule-url-full = escriba una dirección web completa que empiece por https://, como https://tienda.ejemplo/webhook
rule-url-https = la dirección debe empezar por https:// (http sin s es solo para este computador)

## money
amount-empty = escriba un valor
amount-not-a-number = use solo dígitos, como 25000 o 25.000
amount-has-cents = use pesos enteros, sin centavos
amount-too-large = el valor es demasiado grande

## service errors
refusal-session-ended = Su sesión con el servicio de pagos terminó. Inicie sesión de nuevo para continuar
refusal-not-permitted = Su cuenta no tiene permiso para esto. Pida al servicio de pagos que lo habilite
refusal-method-type = No hay un medio de pago de ese tipo
refusal-cost = El servicio de pagos no puede cobrar este valor con este medio. Pruebe un valor mayor u otro medio de pago
refusal-in-progress = Este pago ya tiene una transacción en proceso o terminada. Cree un pago nuevo
error-unreachable = No se pudo conectar con el servicio de pagos en { $host }. Revise la conexión a internet y reintente
error-timed-out = no respondió a tiempo
error-connection-lost = cerró la conexión antes de responder
error-malformed = El servicio de pagos envió una respuesta que paydesk no pudo leer (HTTP { $status }).
error-insecure-url = No se usará { $url }: al servicio de pagos se llega solo por https://
error-bad-url = La dirección ({ $which }) no es válida: { $url }
error-missing-credential = Este perfil no tiene { $which }. Agréguelo en Configuración o en la variable de entorno
error-setup = No se pudo preparar la conexión con el servicio de pagos. Cierre y vuelva a abrir paydesk; si sigue igual, muestre los detalles a quien le da soporte
error-outcome-unknown = El servicio de pagos { $happened }. Puede que la operación ({ $operation }) se haya hecho o no: consulte su estado antes de reintentar
error-outcome-retry = El servicio de pagos { $happened } ({ $operation }). Reintente
hint-may-have-been-done = Puede que se haya hecho: consulte su estado antes de reintentar
hint-may-or-may-not = Puede que se haya hecho o no: consulte su estado antes de reintentar
hint-try-later = Reintente más tarde
error-below-minimum = El valor es menor que el mínimo que el servicio de pagos acepta con este medio ({ $minimum }). Escriba { $minimum } o más
error-below-unknown-minimum = El servicio de pagos no tiene comisión para este valor con este medio: es menor que el mínimo. Pruebe un valor mayor u otro medio de pago

## operations
operation-register = registro
operation-list-methods = lista de medios de pago
operation-generate-resource = código de pago
operation-checkout = pago en línea
operation-request-otp = solicitud de código de verificación
operation-add-account = inscripción de cuenta bancaria
operation-delete-account = eliminación de cuenta bancaria
operation-create-payment-link = link de pago
operation-create-method-payment = pago
operation-payment-status = consulta de estado
operation-payment-features = lista de bancos
operation-instant-banks = consulta de bancos
operation-withdraw = dispersión
operation-balance = consulta de saldo
operation-simulate-notification = simulación de notificación
operation-transaction-token = token de transacción

## payment states
state-rejected = rechazado
state-pending = pendiente
state-approved = aprobado
state-failed = fallido
state-cancelled = vencido
state-processing = en proceso
state-other = estado desconocido ({ $id })

## cli: status
cli-status-state = Estado
cli-status-contradicted = { $reference }: los libros lo tienen { $held } y el servicio ahora dice { $answered }. Los libros no cambian (un estado final es final); quedó en el cuadre del día para revisar. Consulte al servicio antes de devolver o cobrar de nuevo.
cli-status-books-keep = En los libros: { $held } (final; no cambia)
cli-status-amount = Valor
cli-status-cost = Comisión
cli-status-date = Fecha
cli-status-method = Medio de pago
cli-status-provider = Proveedor
cli-status-still = { $reference } sigue { $state } después de { $seconds } s; consulte más tarde

## settings
settings-title = Configuración
settings-language = Idioma
settings-appearance = Apariencia
settings-theme-system = Como el sistema
settings-theme-light = Claro
settings-theme-dark = Oscuro

## cli: output
cli-nothing-sent = No se envió nada. Corrija:
cli-error-code = código { $code }
cli-service-said = el servicio dijo: { $message }

## app
restore-problem = No se pudieron leer del registro los pagos anteriores de hoy: { $problem }
top-profile = Perfil: { $name }
connecting = Conectando…
top-light-theme = Tema claro
top-dark-theme = Tema oscuro
connect-failed = paydesk no pudo conectarse
try-again = Reintentar
use-simulator = Usar el simulador incluido
dismiss = Cerrar
session-ended-title = Su sesión terminó
session-ended-body = Pegue su token de API para iniciar sesión de nuevo. Lo que estaba escribiendo se conserva
api-token = Token de API
sign-in-again = Iniciar sesión de nuevo
later = Más tarde
badge-simulator = SIMULADOR · sin dinero real
badge-sandbox = PRUEBAS
badge-production = PRODUCCIÓN

## navigation
nav-collect = Cobrar
nav-status = Estado de pagos
nav-payouts = Dispersiones
nav-balance = Saldo
nav-accounts = Cuentas bancarias
nav-activity = Notificaciones
nav-register = Registrarse

## desktop notification
alert-approved-amount = { $amount } aprobado, referencia { $reference }
alert-approved = Pago { $reference } aprobado
alert-title = Pago aprobado

## customer screen
customer-amount-to-pay = Valor a pagar
customer-qr-alt = Código QR de pago
customer-scan = Escanee con la app de su banco o billetera
close = Cerrar

## forms
form-to-continue = Para continuar:
form-choose-bank = Elija el banco

## form fields
field-amount = Valor
field-your-reference = Su referencia
field-description = Descripción
field-customer-name = Nombre del cliente
field-customer-email = Correo del cliente
field-customer-cellphone = Celular del cliente
field-return-url = Dirección de regreso
field-webhook-url = Dirección de notificaciones
field-expires-in = Vence en
field-brand-id = Id de marca (del perfil)
field-method = Medio de pago
field-payer-cellphone = Celular del pagador
field-payer-bank = Banco del pagador
field-person-type = Tipo de persona
field-document-type = Tipo de documento
field-document-number = Número de documento
field-payer-name = Nombre del pagador
field-payer-address = Dirección del pagador
field-payer-email = Correo del pagador
field-email = Correo electrónico
field-merchant-id = Id de comercio (Bre-B)
field-whatsapp = Cuenta de WhatsApp
field-what-is-paid = Qué se está pagando
hint-optional = opcional

## collect
kind-payment-link = Link de pago
kind-method = Medio { $id }
collect-title = Cobrar un pago
collect-one-method = Un medio de pago
collect-qr-codes = Códigos QR
hint-up-to-20 = hasta 20 caracteres
hint-what-is-sold = lo que se vende
hint-optional-https = opcional, https://
field-payment-summary = Resumen del pago
field-show-summary = Mostrar el resumen al pagador
expiry-service-default = Lo que defina el servicio
collect-create-link = Crear link de pago
field-bank-id = Id del banco
field-bank = Banco
field-base-url = Dirección de la API
field-cellphone = Celular
field-destination-cellphone = Celular de destino
field-city-id = Municipio
field-commerce-type = Código del tipo de comercio
field-environment = Ambiente
field-information = Información
field-breb-key = Llave Bre-B
field-business-name = Nombre del negocio
field-profile-name = Nombre del perfil
field-account-number = Número de cuenta
field-link-code = Código de verificación para inscribir
field-password = Contraseña
field-pay-url = Dirección de pagos
field-profile-brand-id = Id de marca
field-profile-merchant-id = Id de comercio Bre-B
field-user-id = Id de usuario
field-default-webhook = Dirección de notificaciones por defecto
field-referred = Referido por (id de usuario)
field-department-id = Departamento
field-tax = Impuesto
field-account-type = Tipo de cuenta
field-confirm-password = Confirme la contraseña
field-webhook-listen = Dirección de escucha de notificaciones

## collect: one method
label-optional = { $label } (opcional)
hint-digits = dígitos
hint-merchant-id = su id en Bre-B
hint-whatsapp = el id de su cuenta de negocio
hint-shown-to-payer = lo ve el pagador, hasta 255 caracteres
person-natural = Persona natural
person-legal = Persona jurídica
hint-email = nombre@ejemplo.com
expiry-end-of-day = Hoy a las 11:59 p. m.
method-repeatable = Este se puede pagar más de una vez: cada pago se cuenta
collect-create-payment = Crear pago
method-minimum-life = Los pagos con { $method } deben quedar abiertos más de { $minimum }

## collect: QR codes
resource-methods-offered = Medios de pago de su cuenta:
resource-icon-alt = Ícono de { $name }
resource-loading-methods = Cargando sus medios de pago…
resource-load-again = Cargar de nuevo los medios de pago
resource-kind = Tipo
field-reference-2 = Referencia 2
field-reference-3 = Referencia 3
hint-number = número
hint-encoded-text = texto codificado
resource-static-no-amount = Un QR estático no lleva valor: el pagador lo escribe
resource-create = Crear código QR
resource-kind-commerce = QR del comercio (tipo y municipio)
resource-kind-dynamic = QR dinámico con valor
resource-kind-static = QR estático (el pagador escribe el valor)
resource-kind-static-references = QR estático con referencias del cliente
resource-kind-bank-link = Link a la app del banco con valor
resource-kind-bank-transfer = Transferencia bancaria en línea (PSE)
resource-kind-mobile-charge = Cobro al celular del cliente
resource-kind-encoded = Información codificada

## notification checks
check-confirmed = confirmada por el servicio
check-disagrees = el servicio no está de acuerdo
check-failed = aún no se pudo confirmar
check-unchecked = llegó el aviso; falta que el servicio lo confirme
check-not-ours = no es de un pago de este comercio

## activity

## collect: created payment
created-state = Estado:
created-link = Link
created-service-reference = Referencia del servicio
created-expires = Vence
created-copy-link = Copiar link
created-save-qr = Guardar QR como imagen
created-show-customer = Mostrar al cliente
created-link-copied = Link copiado
created-notifications = Notificaciones recibidas
created-saved-to = Guardado en { $path }

## collect: creating
created-link-title = Link de pago creado
created-method-title = Pago con { $method } creado
created-code-id = Id del código
created-qr-title = Código QR creado
created-code = Código
created-at = Creado
retry-new-reference = Reintentar con una referencia nueva
creating = Creando…
attempt-maybe-created = Puede que el pago con referencia { $reference } ya exista. Al reintentar se usa una referencia nueva, así al cliente nunca se le cobra dos veces por una misma referencia
attempt-not-sent = Nada llegó al servicio: es seguro reintentar

## status
kind-looked-up = Consultado
status-title = Estado de pagos
status-reference = Referencia del pago
status-check = Consultar estado
status-follow = Vigilar este pago
status-follow-hint = Vigilarlo hasta que se apruebe o termine
status-fee = Comisión
status-provider-reference = Referencia del proveedor
status-contradiction = Para revisar: los libros lo tienen { $held } (final, no cambia) y el servicio dijo después { $answered } ({ $time }). Consulte al servicio antes de devolver o cobrar de nuevo.
today = Hoy
status-today-count = 
    { $count ->
        [one] 1 pago
       *[other] { $count } pagos
    }, { $approved } aprobados
column-time = Hora
column-kind = Tipo
column-state = Estado

## balance
refresh = Actualizar
balance-pays-payouts = paga las dispersiones
balance-bag-unknown = El servicio no dice cuál saldo paga las dispersiones; lo decide cuando usted envía una
balance-as-of = Al { $date }
balance-today = Cobros aprobados hoy
balance-paid-by-customers = Pagaron los clientes
balance-fees = Comisiones
you-receive = Usted recibe
close-payout-sent = Valor enviado
balance-fees-partial = El servicio ha informado la comisión de { $with_fee } de { $approved } pagos aprobados; el cuadre del día muestra cada pago notificado con su comisión

## payouts
withdraw-online = Retiro en línea
withdraw-product = Dispersión como producto
withdraw-breb = Llave Bre-B
payouts-subtitle = Enviar dinero a un celular o a una llave Bre-B
field-bank-name = Nombre del banco
payouts-online-limits = Los retiros en línea son de máximo $ 2.000.000; quien recibe tiene 12 h para aceptar
payouts-review = Revisar dispersión…
payouts-checking = Revisando el saldo y las reglas…
sending = Enviando…
payouts-sent = Dispersión de { $amount } a { $destination } enviada (referencia { $reference })
payouts-unknown-no-resend = paydesk no la enviará de nuevo. Consulte su estado en la lista de abajo

## payouts: confirmation
confirm-title = Confirme la dispersión
confirm-to = Para
confirm-reference = Referencia
confirm-balance = Saldo de dispersión
confirm-after = Después de esta dispersión
confirm-real-money = Esto mueve dinero real
confirm-repeat = Sí, enviar otra
confirm-send = Enviar { $amount }
cancel = Cancelar
settle-title = ¿Salió la dispersión de { $amount } a { $destination }?
settle-body = El servicio nunca confirmó esta dispersión. Responda solo después de verificar con el servicio o con quien recibe: paydesk no la enviará de nuevo en ningún caso
settle-went-out = Sí salió
settle-never-went-out = Nunca salió
settle-not-yet = Todavía no

## payout states
payout-state-sending = Enviando
payout-state-sent = Enviada, en espera
payout-state-refused = Rechazada
payout-state-not-sent = No enviada
payout-state-unknown = Resultado desconocido
payout-state-paid = Pagada
payout-state-failed = Fallida, dinero devuelto

## payouts: journal
journal-title = Enviadas desde este computador
journal-table = Dispersiones enviadas desde este computador
journal-actions = Acciones
journal-empty = Aún no hay dispersiones
journal-check = Consultar estado de { $reference }
journal-settle = Resolver { $reference } a mano…
journal-resend = Enviar de nuevo { $amount } a { $destination }
journal-accept-until = quien recibe puede aceptar hasta { $time }

## payout rules
payout-too-soon = Espere { $seconds } s más: el servicio pide 30 s entre dispersiones
payout-insufficient = El saldo de dispersión es { $balance }, menos que los { $amount } de esta dispersión
payout-reference-used = La referencia { $reference } ya se usó en una dispersión; use otra
payout-not-resendable = Esta dispersión está { $state }: no se puede enviar de nuevo desde aquí
payout-no-status-reference = Esta dispersión no tiene referencia de estado del servicio: espere su notificación o resuélvala a mano después de preguntar al servicio
payout-duplicate = 
    Se envió una dispersión de { $amount } a { $destination } { $minutes ->
        [0] hace menos de un minuto
        [one] hace 1 minuto
       *[other] hace { $minutes } minutos
    }. Confirme para enviar otra
payout-similar-unsettled = Una dispersión de { $amount } a { $destination } (referencia { $reference }) está por confirmar: consulte su estado antes de enviar otra. No se envió nada
payout-summary = Enviar { $amount } a { $destination } por { $method }, referencia { $reference }

## accounts
otp-reason-withdrawal = Retiro de fondos
otp-reason-link-account = Inscribir cuenta bancaria
otp-reason-delete-account = Eliminar cuenta bancaria
otp-reason-2fa = Generar un código QR de 2FA
otp-reason-pin = PIN de verificación
otp-reason-unknown = Motivo desconocido
account-savings = Ahorros
account-checking = Corriente
accounts-choose-bank = elija el banco de la lista
accounts-linked = Cuenta { $number } inscrita (id { $id })
accounts-otp = Código de verificación
accounts-reason = Motivo
accounts-send-code = Enviar código
accounts-code-sent = Se envió un código para "{ $reason }" al celular del comercio
accounts-link-first = Primero envíe un código para "Inscribir cuenta bancaria"
hint-from-phone = de su celular
accounts-add = Inscribir cuenta
accounts-linked-here = Cuentas inscritas desde este computador
none-yet = Ninguna todavía
accounts-bank-id = Banco { $id }
accounts-delete-number = Eliminar { $number }…
accounts-delete-first = Envíe un código para "Eliminar cuenta bancaria" y escríbalo aquí
accounts-delete-code = Código para eliminar
accounts-delete = Eliminar cuenta
accounts-keep = Conservarla
accounts-lookup-title = Bancos asociados a un celular
accounts-phone = Número de celular
accounts-look-up = Consultar bancos
accounts-no-banks = No hay bancos asociados a { $number }

## documents
document-cc = Cédula de ciudadanía
document-ce = Cédula de extranjería
document-nit = NIT (empresa)
document-pa = Pasaporte
document-ti = Tarjeta de identidad
document-pep = Permiso especial de permanencia (PEP)

## register
register-enter-id = escriba el número del código
register-title = Registrar un comercio
register-on-profile = En el perfil { $name }
hint-password = al menos 8 caracteres
register-submit = Registrar comercio
register-token-not-kept = Registro hecho, pero el token no se pudo guardar: { $problem }

## rules: more
rule-expiry-positive = el vencimiento debe ser mayor que 0 segundos
rule-method-needs-amount = este medio necesita un valor
rule-static-no-amount = un QR estático no lleva valor: el pagador lo escribe
rule-tax-negative = el impuesto no puede ser negativo
rule-commerce-needs = el QR del comercio necesita el tipo de comercio y el municipio
rule-transfer-needs = una transferencia en línea necesita el banco y los datos del pagador
rule-info-needs = la información codificada necesita el texto
rule-needs-customer-cellphone = este medio necesita el celular del cliente
rule-account-number = escriba el número de cuenta (solo dígitos)
rule-end-of-day = este medio vence hoy a las 11:59 p. m.: deje el vencimiento vacío
rule-choose-payer-bank = elija el banco del pagador de la lista
rule-cost-negative = la comisión no puede ser negativa
rule-notification-status = use 1 (pendiente), 2 (aprobado) o 3 (fallido)
rule-notify-by-reference = este servicio nombra el pago por su referencia
rule-notify-by-transaction = esta interfaz (1.0) nombra la transacción por su id, con el estado, el monto y la comisión que se notifican
cli-key-needs-264 = una llave Bre-B va con el método 264; use --cellphone para este método
cli-264-needs-key = el método 264 envía a una llave Bre-B: indique --key, como @TIENDA123
cli-needs-user-id = indique --user-id, defina PAYDESK_USER_ID o agregue user_id al perfil
rule-end-before-start = el final es anterior al inicio
cli-profile-exists = ya existe un perfil con este nombre (agregue --replace para cambiarlo)
rule-profile-exists = ya existe un perfil con este nombre
rule-environment = elija el ambiente de pruebas o el de producción del servicio (el simulador no necesita perfil)
rule-user-id = escriba el número de id de usuario (o déjelo vacío)
rule-profile-name-empty = escriba un nombre, como tienda
rule-whole-number = debe ser un número entero
rule-not-set = no está definido: agréguelo al perfil o defina la variable de entorno
rule-date = escriba la fecha como DD/MM/AAAA
rule-expiry-minimum = { $method } necesita más de { $minimum } ({ $seconds } s)
rule-product = el producto { $number } necesita nombre y valor
rule-fixed-life = este medio siempre dura { $life }: deje el vencimiento vacío
rule-minimum-amount = el valor mínimo que el servicio acepta aquí es { $minimum }

## cli: webhooks
cli-no-hash-key = no hay clave de notificaciones: se rechazaría toda notificación. Defina PAYDESK_HASH_KEY o guárdela en Configuración
cli-could-not-read = no se pudo leer { $file }: { $error }
rule-date-not = escriba la fecha como AAAA-MM-DD, no { $text }

## cli: payouts
cli-no-payout = no hay dispersión con referencia { $reference } en el registro de este computador

## rules: profiles
rule-brand-id = escriba el número del id de marca ({ $default } salvo que le indiquen otro)
rule-listen = escriba una dirección y puerto como { $example }
rule-profile-simulator = "simulator" es el nombre del simulador incluido
rule-profile-name = use hasta { $max } letras, dígitos, - o _ (sin espacios ni tildes)
environment-simulator = Simulador incluido
environment-sandbox = Ambiente de pruebas del servicio
environment-production = Producción
settings-saved-count = 
    { $count ->
        [one] 1 credencial guardada para el perfil { $profile }
       *[other] { $count } credenciales guardadas para el perfil { $profile }
    }
settings-signed-out = Sesión cerrada en { $profile }
settings-now-using = Ahora se usa el perfil { $name }; también abrirá la próxima vez
settings-when-approved = Al aprobar un pago
settings-desktop-notification = Mostrar una notificación en el escritorio
settings-sound = Sonar un aviso
settings-banner-always = En la app siempre aparece un aviso
settings-profile = Perfil
settings-switch = Cambiar
settings-new-profile-button = Perfil nuevo…
settings-edit-profile = Editar perfil
settings-simulator-no-settings = El simulador incluido no necesita configuración
settings-environment = Ambiente: { $name }
settings-simulator-note = El simulador incluido: aquí nada mueve dinero real
settings-profiles-file = Los perfiles se guardan en { $file }
settings-new-profile = Perfil nuevo
settings-profile-named = Perfil { $name }
settings-production-real-money = Producción (dinero real)
hint-from-registration = del registro
hint-merchant-optional = opcional, para llaves Bre-B y QR
settings-save-profile = Guardar perfil
settings-credentials = Usar credenciales existentes
settings-keyring-ok = Los tokens se guardan en el llavero del sistema, nunca en un archivo
settings-keyring-missing = El llavero del sistema no está disponible ({ $reason }). Los tokens que escriba duran solo hasta que cierre paydesk
hint-api-token = el que recibió al registrarse
settings-access-token = Token de acceso
hint-access-token = el token de pagos que le dio el servicio
settings-hash-key = Clave de notificaciones (HASH_KEY)
hint-from-support = la da soporte
settings-save-credentials = Guardar credenciales
settings-sign-out = Cerrar sesión
activity-receiving = Recibiendo notificaciones en { $url }
activity-receiver-down = El receptor de notificaciones no está funcionando: { $problem }
activity-no-hash-key = No hay clave de notificaciones (HASH_KEY): se rechaza toda notificación. Agréguela en Configuración
activity-empty = Aún no hay notificaciones. Aparecen aquí a medida que el servicio las envía
activity-received = Recibida
activity-notified = Notificado
paid-by-customer = Pagó el cliente
activity-check = Confirmación
activity-duplicates = +{ $count } repetidas
activity-body = Ver #{ $id }
activity-notification-title = Notificación #{ $id }
activity-refused = Rechazadas (guardadas aparte, nunca aplicadas)
activity-refused-today = { $count ->
        [one] 1 solicitud rechazada hoy
       *[other] { $count } solicitudes rechazadas hoy
    }{ $kept ->
        [0] .
       *[other] ; se guardan las últimas { $kept } (sus primeros 2 KB).
    }
activity-inbox-full = { $count ->
    [one] Hoy 1 notificación firmada con su clave no se guardó
   *[other] Hoy { $count } notificaciones firmadas con su clave no se guardaron
    }: en las últimas 24 horas llegaron más de las que paydesk guarda en un día, o demasiadas que el servicio no confirmó. Si no esperaba tantas, alguien más conoce la clave de notificaciones (HASH_KEY): pida una nueva al servicio y guárdela en Configuración. Los pagos se siguen confirmando preguntando al servicio.
activity-refused-body = Ver la rechazada #{ $id }
activity-refused-title = Notificación rechazada #{ $id }
activity-from = Desde
activity-to = Hasta
hint-date = DD/MM/AAAA
activity-export = Exportar a Excel (CSV)
activity-exported = { $rows } filas exportadas a { $path }
cli-exported-notifications = Las notificaciones recibidas, aparte: { $path }
activity-count = Cantidad
activity-approved-collections = Cobros aprobados
activity-payouts-paid = Dispersiones pagadas
activity-payouts-open = Dispersiones abiertas
activity-payouts-failed = Dispersiones fallidas o rechazadas
activity-by-state = Pagos creados aquí, por estado
activity-no-exceptions = Nada para revisar
activity-exceptions = Para revisar ({ $count })

## reconciliation
exception-pending-too-long = Pendiente demasiado tiempo
exception-unknown-payment = Notificación de un pago desconocido
exception-disagreement = Notificación con la que el servicio no está de acuerdo
exception-payout-unknown = Dispersión con resultado desconocido
exception-contradiction = El servicio contradice un estado final
method-more-than = {" "}(el cobro queda abierto más de { $duration })

## methods
method-pse-gateway = Pasarela PSE
method-interoperable-qr = QR interoperable
method-cash = Recaudo en efectivo
method-cards = Tarjetas

## keyring
keyring-disabled-env = PAYDESK_NO_KEYRING está definida
created-qr-alt = Código QR de { $url }

## QR
qr-too-long = Este texto es demasiado largo para un código QR
qr-save-failed = No se pudo guardar la imagen del QR: revise que la carpeta de los archivos exista y que el disco tenga espacio, y pruebe de nuevo

## receiver
receiver-bad-address = la dirección de notificaciones { $address } no es válida
receiver-cannot-listen = no se pudo escuchar en { $address }: { $error }
receiver-port-taken = Otro programa usa el puerto { $port }: ciérrelo, o cambie el puerto de notificaciones en Configuración, y reinicie paydesk (casi siempre es otra ventana de paydesk o "paydesk webhooks serve").
receiver-port-forbidden = El sistema no deja usar el puerto { $port } sin permisos de administrador: elija un puerto mayor que 1024 en Configuración y reinicie paydesk.
receiver-address-absent = Este computador no tiene la dirección { $address }: en Configuración escriba 0.0.0.0 (todas) o 127.0.0.1 (solo este computador) y reinicie paydesk.

## settings file
config-read = No se pudo leer la configuración de paydesk. Revise que el archivo exista y que su usuario del computador pueda abrirlo.
config-too-new = La configuración la guardó una versión más nueva de paydesk (formato { $format }): actualice paydesk en este computador para usarla.
config-mistake = La configuración de paydesk tiene un error y no se pudo leer. Corrija el archivo (se dice dónde en Detalles) o pida ayuda a quien instaló paydesk.
config-save = No se pudo guardar la configuración de paydesk. Revise que el disco tenga espacio y que su usuario del computador pueda escribir en esa carpeta.
config-no-profile = No hay un perfil llamado { $name }
config-profile-problem = Perfil { $name }: { $problem }
config-no-folder = No se encontró en este computador una carpeta donde guardar la configuración de paydesk. Pida ayuda a quien instaló paydesk.
config-profile-address-missing = le falta la dirección del servicio (o la de pagos)
config-profile-address-unreadable = una de sus direcciones del servicio no es una dirección web
config-profile-address-insecure = sus direcciones del servicio deben empezar por https://
config-profile-listen = la dirección donde escucha las notificaciones debe ser como 127.0.0.1:8787
config-profile-brand = el número de marca del comercio debe ser mayor que cero

## ledger
ledger-io = No se pudieron leer o escribir los libros de este computador. Revise que el disco tenga espacio y que otro programa no los tenga abiertos; si sigue, restaure la última copia en Configuración › Copias de seguridad.
ledger-folder = No se pudo crear la carpeta de los libros { $path }. Revise que su usuario pueda escribir ahí y que el disco tenga espacio.
ledger-reference-used = La referencia { $reference } ya la usa otra dispersión
ledger-newer = El registro lo escribió un paydesk más nuevo (esquema { $schema }); actualice paydesk
ledger-too-soon = Hace { $ms } ms salió una dispersión; deben estar más separadas
ledger-repeat = Hace poco salió una dispersión del mismo valor al mismo número
ledger-repeat-unsettled = Una dispersión del mismo valor al mismo número está por confirmar
ledger-no-payout = No hay dispersión con id { $id }
csv-write = No se pudo escribir el CSV: { $error }

## connection
simulator-start-failed = No se pudo iniciar el simulador incluido: { $error }
keyring-error = No se pudo usar el llavero del sistema: { $error }

## cli: accounts
cli-token-in-keyring = (guardado en el llavero del sistema)
cli-register-no-keyring = no hay llavero del sistema ({ $reason }): el token nuevo se perdería. No se envió nada. Inicie un llavero (gnome-keyring, KeePassXC), o agregue --print-token para recibir el token una vez en la salida
cli-token-not-stored = (no se guardó: { $reason })
cli-registered = 
    Registro hecho: { $name } ({ $email }), ambiente { $environment }
    Token de API { $note }
cli-token-shown-once = 
    El llavero del sistema no está disponible, así que el token se muestra una sola vez. Guárdelo bien:
      { $token }
cli-password-unreadable = No se pudo leer la contraseña: { $error }
cli-password-again = Contraseña otra vez
cli-account-deleted = Cuenta bancaria { $id } eliminada
cli-repeat-not-sent = { $warning }. No se envió: agregue --allow-repeat para enviarla de todos modos
cli-payout-sent = 
    Dispersión de { $amount } a { $destination } enviada
    Referencia:             { $reference }
    Referencia de estado:   { $status_reference }
cli-none-given = (no la dio)
cli-real-money = {" "}— DINERO REAL
cli-disbursement-balance = {" "}(saldo de dispersión { $balance })
cli-no-terminal = { $summary } No se envió: no hay una terminal para confirmar. Agregue --yes para enviar sin preguntar
cli-type-yes = Escriba sí para enviar:
cli-answer-unreadable = No se pudo leer la respuesta: { $error }
cli-not-sent = No se envió
cli-to = a

## cli: payments
cli-resource-title = Código QR { $id } ({ $kind })
cli-checkout-started = Pago en línea iniciado: referencia { $reference }
cli-link-title = Link de pago por { $amount }
cli-payment-title = Pago de { $amount } creado

## webhooks
verdict-valid = válida
verdict-invalid = la firma no coincide
verdict-missing = la notificación no tiene firma
verdict-no-key = no hay clave de notificaciones (HASH_KEY)
cli-no-bank-list = Este medio no tiene lista de bancos
cli-request-not-built = no se pudo armar la solicitud
cli-notification-requested = Se pidió la notificación de la transacción { $transaction } (estado { $state })
cli-notification-requested-for = Se pidió la notificación del pago { $reference }
cli-press-ctrl-c-receiver = Oprima Ctrl-C para detener; primero se terminan las solicitudes en curso.
cli-valid-signature = Firma válida: { $reference } { $state }; pagó el cliente { $gross }, comisión { $fee }, usted recibe { $net }
cli-do-not-add-up = {" "}(estas cifras no cuadran)
cli-not-valid = NO es válida: { $reason }
cli-dates-unreadable = no se pudieron leer las fechas

## cli
cli-using-simulator = Usando el simulador incluido: no se mueve dinero real.
cli-simulator-cannot-start = No se pudo iniciar el simulador en { $address }: { $error }
cli-serving-simulator = El simulador de paydesk está funcionando; oprima Ctrl-C para detenerlo.

## simulator: one per computer
simulator-held-not-answering = Otro paydesk (proceso { $pid }) atiende el simulador de este computador, pero no responde. Ciérrelo, o termine ese proceso, y vuelva a intentarlo.
simulator-not-running = No hay un simulador funcionando para el paydesk de este computador. Abra paydesk, o ejecute `paydesk simulator` en otra ventana, y vuelva a intentarlo.
cli-simulator-already-running = El simulador de este computador ya está funcionando (proceso { $pid }, { $url }): no se inició otro. La app y los demás comandos usan ese.
cli-simulator-started-in-background = Se inició el simulador incluido en segundo plano ({ $url }): los links que cree se pueden pagar y paydesk lo usa cuando usted lo abre. Se detiene solo tras { $minutes } minutos sin uso, cuando ningún link suyo espera pago.
cli-simulator-background-failed = No se pudo iniciar el simulador incluido en segundo plano ({ $error }). Abra paydesk, o ejecute `paydesk simulator` en otra ventana, y vuelva a intentarlo.

## cli: profiles
cli-now-uses-profile = paydesk ahora usa el perfil { $name }
cli-on-this-computer = en este computador
cli-forget-needs-yes = Esto borra los libros y los tokens de este computador: agregue --yes para hacerlo.
cli-forget-failed = No se pudo borrar { $path }: { $error }
cli-profile-saved = Perfil { $name } guardado ({ $environment }); paydesk ahora lo usa. Agregue sus tokens en Configuración de la app o con las variables PAYDESK_*.
main-threads-failed = paydesk no pudo iniciar sus hilos de trabajo: { $error }
main-window-failed = paydesk no pudo abrir su ventana: { $error }
main-no-window-title = paydesk no pudo abrir su ventana
main-no-window-box = paydesk no pudo mostrar su ventana en este computador: la pantalla no ofrece la aceleración gráfica que necesita (suele pasar cuando falta el controlador de la tarjeta de video, en un escritorio remoto o en una máquina virtual).

    Qué hacer: instale el controlador de video del fabricante del computador (o busque actualizaciones en Windows Update) y vuelva a abrir paydesk. Sus libros y sus pagos no se han tocado.

    Detalle para soporte técnico: { $error }

## simulator: payer page
payer-state-rejected = Rechazado
payer-state-pending = Pendiente
payer-state-approved = Aprobado
payer-state-failed = Fallido
payer-state-cancelled = Vencido
payer-state-processing = En proceso
payer-state-unknown = Desconocido
payer-no-payment = Este pago no existe
payer-chooses-amount = Usted escribe el valor a pagar
payer-amount-label = Valor a pagar (pesos)
payer-pay = Pagar
payer-decline = Rechazar
payer-fail = Simular una falla del proveedor
payer-title = Pago { $reference }
payer-simulator = Simulador de paydesk: aquí no se mueve dinero real
payer-reference = Referencia { $reference }
payer-state = Estado: { $state }
exception-detail-disagreement = notificado { $notified }, el servicio dice { $service }
exception-detail-unknown = { $state }, recibida { $time }
exception-detail-created = creado { $time }

## x
csv-could-not-create = no se pudo crear { $path }: { $error }
field-payout-kind = Tipo de dispersión

## The till: customer screen and banners
banner-approved = Pago aprobado
banner-rejected = Pago rechazado
banner-failed = Pago fallido
banner-expired = Cobro vencido sin pagar
banner-ended = { $what }: { $amount } (referencia { $reference })
banner-reason = Motivo que dio el servicio: { $reason }
customer-waiting = Esperando el pago…
customer-paid = ¡Pago recibido!
customer-paid-thanks = Gracias por su compra.
customer-rejected = El pago fue rechazado
customer-rejected-explain = Su banco o billetera no lo aprobó. No se le cobró nada; puede intentar de nuevo o pagar de otra forma.
customer-failed = El pago no se pudo completar
customer-failed-explain = Hubo una falla con el medio de pago. No se le cobró nada; intente de nuevo.
customer-expired = Este cobro está vencido
customer-expired-explain = Pídale al cajero un código nuevo.
customer-collect-again = Cobrar de nuevo
display-title = paydesk · Pantalla del cliente
display-idle = Aquí verá el valor a pagar y el código QR
display-showing-sale = La pantalla del cliente muestra un cobro.
display-clear = Quitar de la pantalla del cliente

## The till: reconciliation

## The till: the next sale
collect-new-sale = Nueva venta
collect-same-amount = Hace { $seconds } s se creó un cobro de { $amount } (referencia { $reference }).
collect-same-amount-question = ¿Es otra venta? Si el cliente está pagando la misma compra, use el cobro que ya se creó.
collect-same-amount-yes = Sí, es otra venta: crearlo
collect-same-amount-no = No, no crearlo

## The till: the receiver in the top bar
top-receiver-down = Notificaciones apagadas
top-receiver-down-help = Las notificaciones del servicio no llegan a este computador. { $problem } Mientras tanto los pagos se siguen confirmando consultando al servicio.

## The till: the Status table
status-reference-hint = su referencia (MESA-4) o la del servicio
status-none-match = Ninguna venta de hoy coincide con "{ $wanted }". "Consultar estado" le pregunta al servicio, o a los libros si es un número de venta (1-000123).
status-payment-title = Pago { $reference }
status-no-notifications = No ha llegado ninguna notificación de este pago.

## The till: the day's close
nav-reconcile = Cuadre del día
reconcile-today = Hoy
reconcile-yesterday = Ayer
reconcile-this-week = Esta semana
reconcile-this-month = Este mes
reconcile-other = Otras fechas
reconcile-range = { $from } a { $to }
reconcile-open-folder = Abrir carpeta
reconcile-open-folder-failed = No se pudo abrir { $folder } desde paydesk: ábrala con el explorador de archivos

## The till: settings filled once
field-in-settings = { $field } (Configuración › Avanzado)
settings-advanced = Avanzado
settings-advanced-note = Se configura una vez para todas las ventas; los formularios de la caja no lo preguntan.

## The till: messages that belong to their state
payouts-may-review-again = Ya pasaron los 30 s: puede revisar la dispersión de nuevo.

## The till: registration by place names
hint-municipality = nombre (Bogotá) o código DANE
register-unknown-department = elija un departamento de la lista o escriba su código
register-unknown-municipality = no es un municipio que conozcamos allí: elija una de las sugerencias o escriba su código
register-done = Registro hecho: { $name } quedó con la sesión iniciada en el perfil { $profile }.
register-done-keyring = Su token quedó en el llavero del sistema.
register-done-memory = El llavero del sistema no está disponible, así que la sesión dura hasta que cierre paydesk.
top-profile-merchant = { $name } · comercio { $id }
reconcile-notifications = { $count } notificaciones recibidas en estos días

## The till: sending the payment
created-whatsapp = Enviar por WhatsApp
created-whatsapp-failed = No se pudo abrir WhatsApp en este computador: copie el link y envíelo usted
whatsapp-message = ¡Hola! Este es el link para pagarle { $amount } a { $shop }: { $url }
whatsapp-message-for = ¡Hola! Este es el link para pagarle { $amount } a { $shop } por { $what }: { $url }
card-reference = Referencia { $reference }
field-shop-name = Nombre del negocio
hint-shop-name = como lo conocen sus clientes
shop-name-simulator = Tienda Demo
shop-name-unset = Su negocio

## The till: one app per session
already-open = paydesk ya está abierto: se trajo su ventana al frente.

## The till: the size of the screen
settings-size = Tamaño de la letra y los botones
settings-size-auto = Automático, según la pantalla ({ $percent } %)
top-keyring-short = Sin llavero
register-choose-department = Elija… (o escriba el municipio)

## shared ledger
ledger-url-scheme = La dirección debe empezar por postgres://
ledger-url-password = No escriba la contraseña en la dirección: paydesk la guarda en el llavero del sistema
ledger-url-user = La dirección necesita un usuario (postgres://USUARIO@servidor/base)
ledger-url-database = La dirección necesita el nombre de la base al final (postgres://usuario@servidor/BASE)
ledger-url-unreadable = La dirección no se puede leer como una dirección de PostgreSQL (postgres://usuario@servidor:5432/base)
ledger-url-host = La dirección necesita un servidor
ledger-url-tls = { $host } no es este computador: la conexión debe ir cifrada (quite sslmode=disable)
ledger-postgres = Los libros compartidos rechazaron la operación. Avise a quien administra el servidor de los libros.
ledger-unreachable = No se puede conectar con el registro compartido en { $host }
ledger-bad-url = La dirección del registro compartido { $url } no es válida: { $reason }
ledger-tls = Este computador no puede abrir una conexión cifrada con los libros compartidos. Actualice el sistema o avise a quien lo instaló.
ledger-runtime = No se pudieron abrir los libros compartidos en este computador. Cierre y abra paydesk; si sigue, reinicie el computador.
ledger-missing = El registro no respondió como se esperaba ({ $query })

## ledger watch
cli-watch-needs-shared = Solo se puede seguir un registro compartido: indique --ledger-url o ponga ledger_url en el perfil
cli-watch-listening = Escuchando el registro compartido en { $host } (Ctrl-C para terminar)
cli-watch-notification = Notificación: { $reference } { $state } ({ $check })
cli-watch-payment = Cobro: { $reference } { $amount } { $state }
cli-watch-payout = Dispersión: { $reference } { $amount } { $state }

## top bar: shared ledger
top-ledger-away = Sin registro
top-ledger-away-help = { $problem }. Lo que ve en pantalla se queda; las dispersiones esperan a que vuelva el registro, y paydesk lo nota solo.

## settings: ledger
field-ledger-url = Registro compartido (PostgreSQL)
settings-ledger = Registro
settings-ledger-shared = Compartido por las cajas del negocio: { $place }
settings-ledger-here = En este computador: { $place }
settings-ledger-how-to-share = Para que varias cajas lo compartan, escriba la dirección de PostgreSQL en Editar perfil > Avanzado > Registro compartido.
settings-ledger-password = Contraseña del registro compartido
hint-ledger-password = Se guarda en el llavero del sistema
settings-ledger-save-password = Guardar contraseña
settings-ledger-test = Probar conexión
settings-ledger-test-ok = Conectado a { $place } (esquema { $version })

## shared ledger: refusals
ledger-wrong-password = El registro compartido en { $host } no aceptó el usuario o su contraseña: revise la contraseña en Configuración > Registro (o PAYDESK_LEDGER_PASSWORD)
ledger-no-database = La base "{ $database }" no existe en { $host }: créela primero (createdb) o revise la dirección
ledger-shared-restore = Un libro compartido se restaura con las herramientas de PostgreSQL (pg_restore); paydesk restaura una copia en el libro de este computador.
settings-ledger-tested-at = Probado a las { $time }:
settings-ledger-other-profiles = También tiene los perfiles { $profiles }: las cajas ven las ventas de las otras y comparten las reglas de las dispersiones solo con el mismo nombre de perfil (este es { $profile })
cli-watch-received = Pago al código { $reference }: { $amount }
banner-ended-sold = { $what }: { $amount } · { $description } (referencia { $reference })
banner-received = Pago recibido
state-takes-payments = Recibe pagos
state-payments-today = { $count ->
    [one] 1 pago hoy
   *[other] { $count } pagos hoy
}
status-received-today = Pagos recibidos hoy
status-received-fee = comisión { $fee }
exception-detail-payout = { $amount } a { $destination }
exception-detail-contradiction = Los libros lo tienen { $held } y el servicio dijo { $answered } el { $time }; los libros no cambian. Consulte al servicio antes de devolver o cobrar de nuevo.
state-not-checked = aún sin respuesta del servicio
exception-unconfirmed = Aprobación por confirmar
exception-fee-not-known = Comisión sin dato
exception-detail-unconfirmed = notificada como aprobada el { $time }; el servicio no la ha confirmado, así que no se cuenta como dinero
exception-detail-fee-not-known = { $amount } confirmado por el servicio, que no dijo su comisión
reconcile-unconfirmed = { $count ->
    [one] 1 aprobación por confirmar: no se cuenta hasta que el servicio la confirme
   *[other] { $count } aprobaciones por confirmar: no se cuentan hasta que el servicio las confirme
}
cli-sale-not-in-books = El pago { $reference } quedó creado en el servicio, pero no se pudo anotar en el registro: { $error }
cli-close-title = Cuadre del { $from } al { $to }
cli-close-title-day = Cuadre del { $day }

## Backups
backup-folder = No se pudo escribir la copia en { $path }: { $error }
backup-not-a-ledger = { $path } no es una copia de los libros de paydesk.
backup-damaged = La copia { $path } está dañada ({ $detail }); no se usó.
backup-newer = { $path } la escribió un paydesk más nuevo (formato de libros { $schema }); actualice paydesk para restaurarla.
backup-none = Todavía no hay copias de los libros en { $folder }.
backup-empty = todavía no hay nada anotado
backup-contents = { $span }: { $payments ->
        [one] 1 pago recibido
       *[other] { $payments } pagos recibidos
    }, { $collections ->
        [one] 1 cobro creado
       *[other] { $collections } cobros creados
    }, { $payouts ->
        [one] 1 dispersión
       *[other] { $payouts } dispersiones
    }
cli-backup-done = Copia de los libros guardada y verificada: { $path }
    { $contents }
cli-restore-which = Indique la copia que quiere restaurar (un archivo), o --newest para la más reciente de la carpeta de copias.
cli-restore-preview = La copia { $path } tiene { $contents }. Restaurarla reemplaza los libros de este computador; los actuales se guardan aparte.
cli-restore-no-terminal = { $preview } No se restauró nada: no hay una terminal para confirmar. Agregue --yes para restaurar sin preguntar.
cli-restore-type-yes = Escriba sí para restaurar:
cli-restore-not-done = No se restauró nada.
cli-restore-done = Libros restaurados: { $contents }
cli-restore-aside = Los libros que reemplazó quedaron guardados en { $path }
cli-ledger-damaged = Los libros en { $path } no se pueden abrir: están dañados ({ $error }). No se cambió nada. Restaure la copia más reciente con: paydesk ledger restore --newest
top-no-recent-copy = Sin copia reciente
top-no-recent-copy-help = La última copia buena de los libros es del { $when }. Configuración > Copias de seguridad > Hacer copia ahora (o elija una carpeta que esté disponible, como una memoria USB conectada).
top-no-copy-help = Los libros todavía no tienen copia. Configuración > Copias de seguridad > Hacer copia ahora.
damaged-title = Los libros no se pueden abrir
damaged-explain = paydesk no pudo abrir los libros de este computador (están dañados, o el archivo ya no está). No se reemplazó nada, y paydesk no empezó unos libros vacíos en su lugar.
damaged-newest = La copia buena más reciente es del { $when }: { $contents }.
damaged-restore = Restaurar esta copia
damaged-go-on = Seguir sin libros
damaged-no-copy = No hay copias de los libros para restaurar en la carpeta de copias. Se puede seguir cobrando; las dispersiones esperan a que los libros abran. Pida ayuda antes de anotar algo nuevo.
backups-taken = Copia hecha y verificada: { $when }
backups-restored = Libros restaurados: { $contents }
backups-title = Copias de seguridad
backups-last = Última copia buena: { $when }
backups-none-yet = Los libros todavía no tienen copia.
backups-kept = { $count ->
        [one] 1 copia guardada
       *[other] { $count } copias guardadas
    } (una diaria por siete días, una semanal por cuatro semanas), cada una revisada después de escribirla.
backups-folder = Carpeta
backups-use-folder = Usar esta carpeta
backups-folder-hint = Una memoria USB, o una carpeta de OneDrive o Google Drive: si este computador falla, los libros quedan allí. Se hace una copia cada día que paydesk está abierto.
backups-now = Hacer copia ahora
backups-restore = Restaurar…
backups-restore-explain = Restaurar reemplaza los libros de este computador con la copia; los actuales se guardan aparte como copia.
backups-restore-this = Restaurar…
backups-other-file = Otra copia (archivo)
backups-preview = { $path } tiene { $contents }.
backups-restore-confirm = Reemplazar los libros con esta copia
cli-forget-which = indique solo uno de --cellphone, --document o --email
rule-document-number = un número de documento tiene de 4 a 20 letras y dígitos
cli-forgotten = Los datos del cliente se borraron de { $notifications } notificaciones y { $payouts } dispersiones; montos, referencias y estados se conservan.
customers-title = Datos de los clientes
customers-explain = Los nombres, correos, celulares y números de documento que llegan con los pagos (Ley 1581 de 2012) se guardan estos días y luego se borran; montos, referencias y estados se conservan.
customers-days = Guardar los datos de clientes (días)
customers-days-save = Guardar
customers-days-range = entre 1 y 3650 días
customers-days-saved = Los datos de los clientes se guardan { $days } días.
customers-forget = Olvidar a un cliente (celular, documento o correo)
customers-forget-button = Olvidar
customers-who-unreadable = escriba un celular (10 dígitos), un número de documento o un correo

## Who works the till: owner, cashiers, PINs
rule-pin-empty = escriba el PIN
rule-pin-shape = el PIN tiene de { $min } a { $max } dígitos, solo dígitos
rule-pin-guessable = elija un PIN difícil de adivinar (no todos iguales ni seguidos como 1234)
rule-cashier-name-empty = escriba el nombre del cajero
ledger-pin-hash = No se pudo guardar el PIN. Intente de nuevo.
ledger-export = No se pudo escribir el archivo. Revise que la carpeta exista y que el disco tenga espacio.
actor-owner = Dueño
actor-cashier = Cajero { $name }
actor-anyone = la caja
actor-at-till = { $who } en { $till }
till-name-title = Nombre de esta caja
till-name-explain = Así se llama esta caja en las ventas, los turnos, el papel y los archivos. Sin PIN, quien atiende es la caja.
till-name-save = Guardar nombre
till-name-saved = Esta caja se llama { $name }.
till-name-empty = escriba el nombre de esta caja
till-name-too-long = el nombre de la caja tiene como máximo { $max } letras
till-name-unprintable = use solo letras, números y signos en el nombre de la caja
action-payout = Dispersión enviada
action-bank-account-added = Cuenta bancaria inscrita
action-bank-account-deleted = Cuenta bancaria eliminada
action-credentials = Credenciales cambiadas
action-profile = Perfil cambiado
action-settings = Configuración cambiada
action-owner-pin = PIN del dueño puesto o cambiado
action-cashier-added = Cajero agregado o PIN cambiado
action-cashier-removed = Cajero retirado
action-restore = Libros restaurados desde una copia
action-customer-forgotten = Datos de un cliente olvidados
action-owner-opened = Modo dueño abierto
action-pin-locked = PIN bloqueado por intentos fallidos
cli-watch-people = Cambió un PIN o la lista de cajeros
cli-watch-contradiction = El servicio contradijo un estado final; los libros no cambian (para revisar en el cuadre)
table-cell-empty = { $column }: en blanco
column-cashier = Cajero
column-till = Caja
pin-locked-now = Demasiados intentos: el PIN quedó bloqueado un rato. Espere y vuelva a intentar.
pin-wrong = PIN incorrecto. { $left ->
    [1] Queda 1 intento antes de bloquearse.
   *[other] Quedan { $left } intentos antes de bloquearse.
}
pin-owner-unset = Todavía no hay PIN del dueño.
pin-cashier-gone = Ese cajero ya no está en la lista.
pin-current-needed = Escriba primero el PIN actual del dueño.
pin-current-wrong = El PIN actual no es correcto.
pin-owner-saved = PIN del dueño guardado. Desde ahora paydesk abre en modo Caja.
cashier-saved = { $name } puede tomar la caja con su PIN.
cashier-removed = { $name } ya no está en la lista de cajeros (sus ventas conservan su nombre).
owner-idle-saved = El modo dueño se cierra tras { $minutes } min sin uso.
pin-owner-title = PIN del dueño
pin-owner-explain = Dispersiones, saldo, cuentas bancarias y configuración son solo del dueño.
pin-cashier-title = Cambiar de cajero
pin-cashier-explain = Elija su nombre y escriba su PIN: sus ventas quedan a su nombre.
pin-hint = PIN
pin-enter = Entrar
pin-locked-for = PIN bloqueado por intentos fallidos: espere { $seconds } s.
caja-nobody = sin cajero
caja-chip = Caja · { $cashier }
caja-change-cashier = Cambiar de cajero
caja-owner = Dueño
caja-owner-help = Con el PIN del dueño: dispersiones, saldo, cuentas y configuración
owner-chip = Modo dueño
owner-chip-help = Se cierra solo tras { $minutes } min sin uso
owner-lock = Bloquear
damaged-call-owner = Solo el dueño puede restaurar una copia: llame al dueño. Mientras tanto puede seguir cobrando.
reconcile-by-cashier = Cajero: { $name }
log-profile-active = Perfil activo: { $name }
log-profile-saved = Perfil guardado: { $name }
log-signed-out = Sesión cerrada (tokens borrados del llavero)
log-title = Registro de actividad
log-refresh = Actualizar
log-export = Exportar CSV
log-empty = Todavía no hay actividad registrada.
log-export-failed = No se pudo exportar el registro: revise que la carpeta de los archivos exista y que el disco tenga espacio, y pruebe de nuevo
log-when = Cuándo
log-who = Quién
log-what = Qué
log-detail = Detalle
people-title = Dueño y cajeros
people-reading = Leyendo quién trabaja en la caja…
people-why-pin = Con un PIN del dueño, quien esté en la caja solo puede cobrar y ver los pagos de hoy: enviar dinero, cambiar las credenciales, restaurar o exportar los libros queda para el dueño.
people-current-pin = PIN actual
people-new-pin = PIN nuevo
people-repeat-pin = Repita el PIN
people-pin-hint = de 4 a 12 dígitos
people-pins-differ = Los dos PIN no coinciden.
people-set-pin = Poner PIN del dueño
people-change-pin = Cambiar PIN del dueño
people-idle = El modo dueño se cierra tras
people-minutes = { $minutes } min sin uso
people-cashiers = Cajeros
people-no-cashiers = Todavía no hay cajeros: agregue uno con su nombre y un PIN propio.
people-cashier-since = desde { $when }
people-remove = Retirar
people-remove-confirm = ¿Retirar a { $name }? Clic de nuevo
people-cashier-name = Nombre del cajero
people-cashier-name-hint = como Ana o Luis
people-cashier-pin = PIN del cajero
people-add-cashier = Agregar cajero
people-cashier-new-pin = Cambiar el PIN de { $name }
log-payout = { $amount } a { $destination } (referencia { $reference })
cli-pin-no-terminal = se necesita el PIN del dueño: escríbalo en la terminal o páselo por la entrada estándar con --pin-stdin
cli-pin-again = Repita el PIN
cli-pin-changed = PIN del dueño cambiado.
cli-cashier-needs-owner = primero ponga el PIN del dueño (paydesk pin set): sin él, cualquiera en la caja puede hacer todo
log-registered = Registro de comercio desde la línea de comandos
log-from-terminal = Desde la línea de comandos
log-newest-copy = la copia más reciente
chart-title = Cómo va el negocio
chart-per-day = Ventas por día, últimos 30 días
chart-per-hour = Ventas por hora
chart-by-method = Por medio de pago
chart-by-cashier = Por cajero
chart-total = Total: { $amount }
chart-nothing = Sin ventas en estas fechas.
chart-month-nothing = Sin ventas en los últimos 30 días: aquí se verá cada día cuando las haya.
log-backup-folder = Carpeta de las copias: { $folder }
caja-session-ended = La sesión con el servicio terminó: llame al dueño para que la abra de nuevo con su PIN. Los pagos ya creados siguen su curso.

## Paper: the counter's poster, receipts, the close
paper-58 = 58 mm
paper-80 = 80 mm
page-carta = Carta
page-media-carta = Media carta
page-a4 = A4
receipt-title = Comprobante de pago
receipt-when = Fecha
receipt-method = Medio de pago
receipt-concept = Concepto
receipt-reference = Referencia
receipt-provider-reference = Ref. del proveedor
receipt-cashier = Atendió
receipt-amount-unknown = Valor no informado
receipt-confirmed = Pago confirmado por el servicio de pagos.
receipt-not-an-invoice = Este comprobante no es una factura ni un documento equivalente.
close-paper-title-day = Cuadre del día { $day }
close-paper-title = Cuadre del { $from } al { $to }
close-paper-by-method = Por medio de pago
close-paper-by-cashier = Por cajero
close-paper-nobody = Sin cajero
close-paper-payouts-paid = Dispersiones pagadas
close-paper-payouts-open = Dispersiones en curso
close-paper-payouts-failed = Dispersiones fallidas
close-paper-exceptions = { $count ->
    [one] 1 novedad por revisar en paydesk
   *[other] { $count } novedades por revisar en paydesk
}
close-paper-printed = Impreso el { $when }
poster-title = Cartel de pago de { $shop }
poster-scan-and-pay = Escanee y pague
poster-method = Acepta: { $method }
print-error-encode = No se pudo preparar la impresión. Pruebe de nuevo; si vuelve a pasar, muestre los detalles a quien le da soporte
print-error-bad-uri = «{ $text }» no es una impresora. Escriba tcp://DIRECCIÓN:9100 (impresora de red), usb:RUTA (impresora USB) o system:NOMBRE (impresora del sistema).
print-error-unreachable = La impresora { $printer } no responde. Revise que esté encendida y conectada; la venta sigue sin problema.
print-error-paper-out = La impresora { $printer } no tiene papel. Ponga un rollo nuevo y vuelva a imprimir; la venta sigue sin problema.
print-error-cover-open = La tapa de la impresora { $printer } está abierta. Ciérrela y vuelva a imprimir.
print-error-usb = No se pudo imprimir en la impresora USB { $path }. Revise que esté encendida y conectada por el cable.
print-error-no-queue = No hay una impresora llamada «{ $queue }» en este computador.
print-error-no-system = El sistema de impresión de este computador no responde, así que no se pueden buscar sus impresoras. Escriba la dirección de una impresora de la red (tcp://…) o de una USB (usb:…), o pida que instalen o inicien el servicio de impresión (CUPS).
print-error-queue = La impresora «{ $queue }» no aceptó el trabajo. Revise que esté encendida y tenga papel, y pruebe de nuevo.
print-error-not-a-receipt-printer = «{ $queue }» no es una impresora de recibos: solo una de recibos tiene cajón.
print-error-not-confirmed = El servicio no ha confirmado ningún pago de { $reference }: no hay comprobante que imprimir.
print-error-unknown-reference = { $reference } no es un cobro de este perfil en los libros de este computador.
print-error-not-a-counter-code = { $reference } no es un código que recibe muchos pagos (QR estático, QR interoperable o llave Bre-B): un cartel solo sirve para esos.
print-error-write = No se pudo guardar { $path }. Revise que la carpeta exista y que el disco tenga espacio.
print-detail-no-answer = no contesta
print-detail-refused = rechazó la conexión (¿está apagada o es otra dirección?)
print-detail-not-connected = no está conectada
print-detail-permission = este usuario no tiene permiso para usarla
print-detail-stopped = dejó de recibir a mitad de la impresión
print-error-not-a-page-printer = { $printer } es una impresora de recibos: el cartel necesita una impresora de hojas (o guárdelo como PDF).
cli-print-needs-target = diga dónde imprimir: --pdf ARCHIVO o --printer tcp://DIRECCIÓN:9100, usb:RUTA o system:NOMBRE (o elija una impresora en Configuración › Impresora)
rule-paper = el papel es de 58 o de 80 mm, no «{ $text }»
rule-page = la hoja es carta, media-carta o a4, no «{ $text }»
cli-printed-pdf = PDF guardado en { $path }
cli-no-printers = Este computador no tiene impresoras en su sistema de impresión.
cli-print-flags-unreadable = No se entendieron las opciones de impresión.
paper-printed = Impreso en { $printer }.
paper-pdf-saved = PDF guardado en { $path }.
paper-saved = Impresora guardada para este computador.
paper-no-printer = Este computador no tiene impresora: elíjala en Configuración › Impresora.
paper-no-books = Los libros de este computador no están abiertos: no hay de dónde imprimir.
paper-drawer-opened = Cajón abierto.
paper-test-title = Prueba de impresión
paper-test-body = Si lee esto con tildes y eñes, la impresora quedó lista para los comprobantes.
paper-test-printer = Impresora
paper-print-receipt = Imprimir comprobante
paper-receipt-pdf = Comprobante en PDF
paper-poster = Imprimir cartel
paper-print-close = Imprimir cuadre
paper-close-pdf = Cuadre en PDF
printer-title = Impresora
printer-address = Impresora:
printer-address-help = Una impresora de recibos en la red (tcp://DIRECCIÓN:9100), una USB (usb:/dev/usb/lp0) o una del sistema (system:NOMBRE, búsquela con «Buscar impresoras»). Vacío: los comprobantes se guardan en PDF.
printer-find = Buscar impresoras
printer-none-found = El sistema de impresión no tiene impresoras instaladas.
printer-paper = Rollo:
printer-page = Hoja del cartel y del cuadre:
printer-receipt-on-approval = Imprimir el comprobante en cada pago aprobado en esta caja
printer-drawer-on-approval = Abrir el cajón en cada pago aprobado en esta caja
printer-save = Guardar impresora
printer-test = Imprimir prueba
printer-open-drawer = Abrir cajón
paper-queued = Enviado a { $printer }: el sistema de impresión lo imprime.

## Field names in messages a person reads (in English, the wire names)
field-name-amount = valor
field-name-reference1 = referencia
field-name-reference2 = referencia 2
field-name-reference3 = referencia 3
field-name-description = descripción
field-name-customer-name = nombre del cliente
field-name-customer-cellphone = celular del cliente
field-name-email = correo electrónico
field-name-return-url = dirección de regreso
field-name-webhook-url = dirección de notificaciones
field-name-brand-id = marca (brandId)
field-name-expires-in = vence en
field-name-method = medio de pago
field-name-cellphone = celular
field-name-payer-cellphone = celular del pagador
field-name-bank-id = banco
field-name-type-person = tipo de persona
field-name-document-type = tipo de documento
field-name-document-number = número de documento
field-name-doc-type = tipo de documento
field-name-doc-number = número de documento
field-name-name = nombre
field-name-address = dirección
field-name-merchant-id = comercio (merchantId)
field-name-whatsapp-account-id = cuenta de WhatsApp
field-name-tax = impuesto
field-name-commerce-type = tipo de comercio
field-name-city = municipio
field-name-state = departamento
field-name-info = información
field-name-bank = banco
field-name-resource = código de cobro
field-name-key = llave
field-name-bank-name = banco
field-name-number = número de cuenta
field-name-type = tipo de cuenta
field-name-otp = código de verificación
field-name-reference = referencia
field-name-transaction-id = transacción
field-name-resource-id = código QR
field-name-status = estado
field-name-cost = comisión
field-name-id = identificador
field-name-check = verificación
field-name-reason = motivo
field-name-spacing = espaciado
field-name-label = nombre
field-name-data = datos
field-name-products = productos
field-name-password = contraseña
field-name-verify-password = confirmación de la contraseña
field-name-referred = referido
field-name-register-type = tipo de registro
field-name-print-token = mostrar token
field-name-webhook-request = notificación
field-name-user = usuario
field-name-from = desde
field-name-to = hasta
field-name-range = periodo
field-name-file = archivo
field-name-environment = ambiente
field-name-base-url = dirección del servicio
field-name-pay-url = dirección de pago
field-name-profile-brand-id = marca (brand_id)
field-name-profile-user-id = usuario (user_id)
field-name-profile-merchant-id = comercio (merchant_id)
field-name-profile-webhook-url = dirección de notificaciones
field-name-profile-return-url = dirección de regreso
field-name-shop-name = nombre del negocio
field-name-webhook-listen = escucha de notificaciones
field-name-ledger-url = libros compartidos
field-name-env-user-id = PAYDESK_USER_ID
field-name-user-id-flag = usuario (user-id)
field-name-hash-key = llave de firma (HASH_KEY)
field-name-pin = PIN
field-name-new-pin = PIN nuevo
field-name-cashier-name = cajero
field-name-idle-minutes = minutos de inactividad
field-name-printer = impresora
field-name-paper = papel
field-name-page = hoja
field-name-date = fecha

## top bar: status chips
chip-notifications = Notificaciones activas
chip-notifications-title = Notificaciones del servicio
chip-notifications-ok = paydesk recibe aquí los avisos del servicio ({ $url }). Un aviso solo hace que paydesk consulte el pago al servicio: el "¡Pago recibido!" sale siempre de la respuesta del servicio.
chip-keyring = Llavero
chip-keyring-title = Llavero del sistema
chip-keyring-ok = Los tokens se guardan cifrados en el llavero del sistema, nunca en un archivo.
chip-keyring-problem = Los tokens duran solo mientras paydesk esté abierto: al cerrarlo habrá que pegarlos de nuevo. Motivo: { $reason }. Qué hacer: abra el llavero del sistema (en Windows, el Administrador de credenciales; en Linux, GNOME Keyring o KWallet), desbloquéelo y vuelva a abrir paydesk.
chip-ledger = Libros
chip-ledger-title = Libros de este computador
chip-ledger-ok = Los cobros y las dispersiones se guardan en este computador: { $place }
chip-shared-ledger = Registro compartido
chip-shared-ledger-ok = Las cajas comparten los libros en { $place }. Lo que cobra una caja lo ven las demás.
chip-copies = Copias
chip-copies-title = Copias de seguridad
chip-copies-ok = La última copia buena de los libros es del { $when }. paydesk hace una copia cada día en la carpeta de Configuración > Copias de seguridad.
chip-copies-looking = paydesk está revisando la carpeta de copias. Configuración > Copias de seguridad dice dónde están.

## Cobrar, amount first
field-what-is-sold = ¿Qué vende?
collect-customer-details = Datos del cliente (opcional)
collect-reference-and-expiry = Referencia y vencimiento
collect-reference = Referencia

## empty screens
status-empty-title = Aún no hay ventas hoy
status-empty-body = Aquí aparece cada venta de hoy, la pague como la pague (link, QR, efectivo, fiado o una mezcla), con su estado al momento. Si un cliente dice que ya pagó, busque arriba su referencia o el número de la venta.
status-empty-action = Cobrar un pago
reconcile-empty-title = Nada que cuadrar en estas fechas
reconcile-empty-body = Aquí aparece lo que el servicio confirmó: los cobros aprobados por medio de pago y por cajero, las dispersiones pagadas y lo que no cuadra. Cambie las fechas arriba, o haga el primer cobro.
reconcile-empty-action = Cobrar un pago
journal-empty-title = Aún no hay dispersiones
journal-empty-body = Aquí aparece cada dispersión que envíe: a quién, cuánto y en qué va (enviada, pagada o rechazada). Para la primera, escriba arriba el valor y a quién va, y pulse «Revisar dispersión…»: nada sale sin que usted lo confirme.

## The live service: the interface a profile speaks
interface-spec = 1.0 (la especificación)
interface-current = actual del servicio (2026)
rule-breb-alias-empty = escriba el alias Bre-B de quien recibe, como @TIENDA123
rule-breb-alias-shape = el servicio solo envía a un alias Bre-B: @ y el alias, sin espacios, como @TIENDA123 (no a un celular ni a un correo)
rule-shop-url-empty = escriba la página del negocio o su red social, como https://instagram.com/mitienda
rule-shop-url-shape = use una dirección que empiece por https:// (o http://), como https://instagram.com/mitienda
field-name-shop-url = página del negocio
field-name-interface = versión de la interfaz
field-name-env-interface = PAYDESK_INTERFACE
field-name-username = usuario
rule-expiry-whole-minutes = el servicio cuenta la vigencia de un link en minutos: elija minutos enteros (15 min, 1 h, 1 día)
rule-expiry-at-least = { $method } necesita al menos { $minimum }
rule-card-description = escriba qué paga el cliente: el servicio lo muestra en el pago con tarjeta (hasta 255 caracteres)
rule-withdraw-method-alias-only = el servicio solo envía dispersiones a un alias Bre-B (método 264)
rule-payout-webhook-required = el servicio pide una dirección de notificaciones para cada dispersión: póngala en Configuración › Avanzado (Dirección de notificaciones)
operation-sign-in = iniciar sesión en el servicio
refusal-token-rejected = El servicio no aceptó el token de acceso de este perfil (quizá lo revocaron): inicie sesión de nuevo con su usuario y contraseña del servicio
refusal-wrong-credentials = El servicio no reconoce ese usuario con esa contraseña: revíselos (el usuario suele ser el correo con que se registró)
refusal-needs-enrolment = El servicio rechazó el cobro («{ $service }»). El QR interoperable y las llaves Bre-B necesitan que el comercio esté inscrito primero (Inscripción de comercio): si no lo está, pídalo a soporte del servicio
refusal-needs-setup = El servicio rechazó el cobro («{ $service }»). PSE pasarela necesita que soporte del servicio configure primero su comercio en la red PSE (código de entidad y de servicio): pídalo a soporte, o use PSE
error-missing-shop-url = Falta la página del negocio (su sitio web o red social): el servicio la pide con cada cobro y cada dispersión. Escríbala en Configuración › Editar perfil › Página del negocio. No se envió nada
error-missing-till = paydesk no pudo darle un nombre a esta caja (la carpeta de datos no se puede escribir). No se envió nada
error-missing-user-id = Este perfil no tiene id de usuario y su servicio (interfaz 1.0) lo pide para dar el saldo. Escríbalo en Configuración › Editar perfil. No se envió nada
rule-shop-url-missing = falta la página del negocio (su sitio web o red social), que el servicio pide con cada cobro: escríbala en Configuración › Editar perfil
rule-interface-version = use 1.0 (la interfaz de la especificación) o 2026 (la actual del servicio)
cli-payout-alias-only = el servicio envía dispersiones solo a un alias Bre-B: use --key @ALIAS (por ejemplo --key @TIENDA123), no --cellphone
rule-duration-shape = escriba una duración como 15min, 1h o 1d
field-breb-alias = Alias Bre-B de quien recibe
field-shop-url = Página del negocio
sign-in-not-offered = Este perfil habla la interfaz 1.0 de la especificación, que no tiene inicio de sesión: pegue el token de acceso

## Probar conexión
checkup-pay-token = Token de acceso (pagos)
checkup-user-id = Id de usuario
checkup-transaction-token = Token de cada transacción
checkup-envelope-token = Token de API (registro, QR y cuentas)
checkup-shop-url = Página del negocio
checkup-webhook-key = Llave de firma (HASH_KEY)
checkup-webhook-address = Dirección de notificaciones
checkup-pay-token-works = el servicio lo aceptó
checkup-pay-token-missing = este perfil no tiene token de acceso
checkup-pay-token-rejected = el servicio no lo aceptó (está mal o lo revocaron)
checkup-fix-sign-in = Inicie sesión con su usuario y contraseña del servicio (Configuración › Credenciales › Iniciar sesión…, o paydesk login)
checkup-fix-paste-access-token = Pida a soporte un token de acceso y péguelo en Configuración › Credenciales
checkup-unreachable = no se pudo llegar al servicio en { $url }: { $error }
checkup-fix-pay-url = Revise la conexión a internet y la Dirección de pagos del perfil (Configuración › Editar perfil)
checkup-fix-base-url = Revise la conexión a internet y la Dirección de la API del perfil (Configuración › Editar perfil)
checkup-refused = el servicio respondió: { $service }
checkup-user-id-works = el servicio conoce al usuario { $id } (y dijo su saldo)
checkup-user-id-refused = el servicio no pudo dar el saldo del usuario { $id }: { $service }
checkup-user-id-missing = el perfil no tiene id de usuario: las dispersiones no podrán revisar el saldo antes de enviar
checkup-user-id-fix = Escriba el id de usuario que le dio el servicio (Configuración › Editar perfil)
checkup-user-id-not-needed = el perfil no tiene id de usuario y este servicio no lo necesita: dio el saldo del usuario con sesión iniciada
checkup-after-pay-token = se prueba cuando el token de acceso funcione
checkup-transaction-token-works = el servicio dio uno (no se usó: ningún dinero se movió)
checkup-transaction-token-uuid = no hace falta pedirlo: la interfaz 1.0 lleva uno nuevo (UUID) en cada cobro
checkup-transaction-token-missing-route = el servicio no tiene /trx-token/generate: quizá habla la interfaz 1.0 de la especificación
checkup-fix-interface = Cambie la Versión de la interfaz en Configuración › Editar perfil › Avanzado
checkup-envelope-token-works = el servicio lo aceptó (listó los medios de pago)
checkup-envelope-token-missing = no está: solo hace falta para registrarse, los QR de la API de sobres y las cuentas bancarias
checkup-envelope-token-rejected = el servicio no lo aceptó (la sesión terminó o no tiene permiso)
checkup-fix-paste-api-token = Pegue el token de API de nuevo en Configuración › Credenciales
checkup-shop-url-not-needed = la interfaz 1.0 no la pide
checkup-shop-url-set = { $url } (va con cada cobro y cada dispersión)
checkup-shop-url-bad = { $url } no es una dirección web
checkup-shop-url-missing = falta: el servicio la pide con cada cobro y cada dispersión, y sin ella nada sale
checkup-fix-shop-url = Escriba la página del negocio o su red social en Configuración › Editar perfil
checkup-webhook-key-missing = no está: sin ella ninguna notificación del servicio se acepta
checkup-fix-webhook-key = Pida la HASH_KEY a soporte del servicio y péguela en Configuración › Credenciales
checkup-webhook-key-proven = una notificación firmada con ella llegó el { $when }
checkup-webhook-key-unproven = está guardada, pero no se puede probar desde aquí: el servicio nunca la muestra. La primera notificación real lo dirá (en Notificaciones)
checkup-webhook-address-missing = no está: el servicio no podrá avisar de los pagos (paydesk igual los confirma preguntando)
checkup-fix-webhook-address = Escriba la dirección pública https de su receptor en Configuración › Editar perfil › Avanzado (vea Pasar a producción en el README)
checkup-webhook-address-bad = { $url } no es una dirección web
checkup-webhook-address-local = { $url } es de este computador: el servicio, en internet, no puede llegar a ella
checkup-webhook-address-simulator = { $url } contesta como receptor de paydesk (el simulador avisa a este computador)
checkup-webhook-address-works = { $url } contesta como receptor de paydesk desde este computador. Que el servicio llegue a ella desde internet solo lo dirá la primera notificación
checkup-webhook-address-silent = { $url } no contestó como receptor de paydesk: { $problem }
checkup-fix-reverse-proxy = Revise que el proxy inverso (nginx, Caddy) lleve /webhook a paydesk webhooks serve, y que este esté en marcha (vea Pasar a producción en el README)
checkup-probe-not-https = no empieza por https://
checkup-probe-answer = respondió { $status } sin el saludo de paydesk
log-signed-in-cli = Sesión iniciada en el servicio desde la línea de comandos
field-service-user = Usuario del servicio
rule-username-empty = escriba el usuario del servicio (suele ser el correo con que se registró)
rule-password-empty = escriba la contraseña
cli-login-no-keyring = No hay llavero del sistema donde guardar el token ({ $reason }): inicie sesión con --print-token para verlo una vez, y páselo en PAYDESK_ACCESS_TOKEN
cli-login-token-shown-once = Sesión iniciada. Este token no quedó guardado; cópielo ahora (no se mostrará de nuevo): { $token }
cli-signed-in = Sesión iniciada: el token de acceso del perfil { $profile } quedó en el llavero del sistema (la contraseña no se guarda)
cli-checkup-title = Perfil { $profile } · interfaz { $interface }
cli-check-needs-service = paydesk profile check necesita el servicio del perfil
checkup-probe-timeout = no contestó en { $seconds } s
checkup-probe-no-connection = nadie recibe conexiones ahí
checkup-fix-start-receiver = Abra paydesk (su receptor escucha mientras está abierto) o ejecute paydesk webhooks serve

## Signing in to the pay API
sign-in-working = Un momento…
pay-sign-in-title = Iniciar sesión en el servicio de pagos
pay-sign-in-refused = El servicio ya no acepta el token de acceso de este perfil (quizá lo revocaron). Inicie sesión con su usuario y contraseña del servicio: lo que tenía escrito sigue ahí
pay-sign-in-body = Con su usuario y contraseña del servicio, paydesk pide un token de acceso nuevo y lo guarda en el llavero del sistema
pay-sign-in-password-not-kept = La contraseña solo se usa para pedir el token: no se guarda en ninguna parte
pay-sign-in-button = Iniciar sesión
pay-sign-in-or-paste = ¿Ya tiene un token de acceso? Péguelo aquí
pay-sign-in-save-token = Guardar token
settings-save-and-sign-in = Iniciar sesión y guardar perfil
settings-sign-in-title = Iniciar sesión en el servicio
settings-sign-in-note = Con su usuario y contraseña del servicio, paydesk pide el token de acceso y lo guarda en el llavero; la contraseña no se guarda. Si prefiere, deje esto vacío y pegue un token en Credenciales
field-interface = Versión de la interfaz
settings-sign-in-button = Iniciar sesión…
checkup-title = Conexión con el servicio
checkup-note = Revisa cada credencial y dirección de este perfil con el servicio, sin mover dinero
checkup-button = Probar conexión con el servicio
checkup-running = Preguntando al servicio…
checkup-code = código del servicio: { $code }
method-from = {" "}(el cobro queda abierto al menos { $duration })
method-at-least-life = Los pagos con { $method } deben quedar abiertos al menos { $minimum }
checkup-works = Funciona
checkup-fails = Falla
checkup-not-set = Falta
checkup-not-needed = No hace falta
checkup-cannot-check = No se prueba aquí
checkup-what-to-do = Qué hacer: { $fix }
hint-up-to = hasta { $max } caracteres
payouts-subtitle-alias = Enviar dinero a un alias Bre-B (@TIENDA123): así envía el servicio hoy

## When the shop's internet drops
error-offline = Sin conexión con el servicio desde las { $since }: no se envió nada. Inténtelo cuando vuelva la conexión (paydesk lo dirá arriba)
cli-service-away = El servicio no contesta ({ $error }): se sigue preguntando y se confirmará en cuanto vuelva la conexión
cli-service-back = El servicio contesta de nuevo
cli-watch-back = Los libros compartidos en { $host } contestan: se siguen
chip-service-away = Sin conexión desde las { $since }
chip-service-away-help = paydesk no logra hablar con el servicio de pagos: revise el internet de la tienda (el router, los datos del celular). Lo que sigue funcionando: los clientes pagan con sus propios datos, así que el QR del mostrador y los links ya enviados siguen recibiendo pagos, y paydesk los confirmará en cuanto vuelva la conexión. Mientras tanto no se crean cobros nuevos ni se envían dispersiones (no sale nada a medias). El cuadre del día queda igual
customer-confirming = Estamos confirmando su pago
customer-offline-cashier = sin internet desde las { $since }: se confirmará al volver
waiting-for-line = Esperando la conexión, no al cliente: sin internet desde las { $since }. Si ya pagó, se confirmará al volver
collect-offline = No se crean cobros nuevos hasta que vuelva la conexión. Lo que sí funciona: el cliente paga con sus propios datos, así que el QR del mostrador y los links ya enviados siguen cobrando; paydesk confirma esos pagos al volver
collect-offline-no-counter-code = Hoy no hay un QR del mostrador abierto: cuando vuelva la conexión, cree uno en «Códigos QR» para la próxima vez
collect-offline-show-code = Mostrar al cliente: { $what }
status-offline = Los estados se actualizarán solos al volver la conexión: cada pago abierto se consulta en ese momento
payouts-offline = No se envían dispersiones sin conexión (no sale nada a medias). Las que quedaron con «Resultado desconocido» se confirmarán con el servicio al volver, nunca se envían de nuevo

## Words, not system text (issue 42: errors in words, details folded; one word per state)
problem-details = Detalles
problem-detail-line = Detalles: { $detail }
payouts-journal-unopened = No se pudo abrir el registro de dispersiones: { $problem }
cli-parse-error = error:
cli-parse-value-missing = falta el valor de { $arg }. No se hizo nada
cli-parse-value-invalid = «{ $value }» no es un valor que sirva para { $arg }. No se hizo nada
cli-parse-value-refused = «{ $value }» no sirve para { $arg }: { $reason }. No se hizo nada
cli-parse-unknown-arg = paydesk no conoce la opción «{ $arg }» en este comando. No se hizo nada
cli-parse-unknown-command = paydesk no tiene el comando «{ $command }». No se hizo nada
cli-parse-missing = { $count ->
    [one] falta un dato que este comando necesita; no se hizo nada:
   *[other] faltan datos que este comando necesita; no se hizo nada:
    }
cli-parse-missing-command = «{ $command }» necesita que diga qué hacer: { $commands }
cli-parse-conflict = { $arg } no se puede usar junto con { $other }. No se hizo nada
cli-parse-repeated = { $arg } se escribió más de una vez: déjelo una sola. No se hizo nada
cli-parse-no-equals = escriba el valor de { $arg } con un signo igual (por ejemplo { $arg }=valor). No se hizo nada
cli-parse-too-many = sobra «{ $value }» después de { $arg }: esa opción lleva un solo valor. No se hizo nada
cli-parse-how-many = { $arg } lleva { $wanted } valores y se escribieron { $given }. No se hizo nada
cli-parse-not-utf8 = lo escrito tiene caracteres que paydesk no puede leer (no es texto UTF-8). No se hizo nada
cli-parse-other = paydesk no pudo leer la línea de comandos ({ $kind }). No se hizo nada
cli-parse-did-you-mean = ¿Quiso decir «{ $similar }»?
cli-parse-values = Valores posibles: { $values }
cli-parse-options = [OPCIONES]
cli-parse-command = <COMANDO>
cli-parse-usage = Uso: { $usage }
cli-parse-more = Para ver las opciones: { $command } --help
collect-same-amount-paid = Hace { $seconds } s se creó un cobro de { $amount } (referencia { $reference }) y ya está pagado.
collect-same-amount-paid-question = ¿Es otra venta del mismo valor? Si es la misma compra, no cobre otra vez: ya se pagó.
cli-parse-command-optional = [COMANDO]
cli-help-about = Links de pago, códigos QR, dispersiones y cuadre para comercios pequeños
cli-help-long-about = Sin un comando, abre la aplicación de escritorio. Con uno, hace esa operación y termina: 0 hecho, 1 el servicio lo rechazó, 2 datos mal escritos (no se envió nada), 3 falla de red o resultado desconocido.
cli-help-profile = Perfil que se usa (si no: el perfil activo, o el simulador incorporado).
cli-help-json = Escribe exactamente un documento JSON en la salida.
cli-help-ledger-url = Un registro compartido en PostgreSQL (postgres://usuario@servidor:5432/tienda) en lugar del del perfil; su contraseña sale del llavero o de PAYDESK_LEDGER_PASSWORD.
cli-help-lang = Idioma de los mensajes: es o en (si no: el del sistema).
cli-help-pin-stdin = Lee los PIN de la entrada, uno por línea (para scripts), en lugar de preguntarlos en la terminal.
cli-help-register = Registrar un comercio (la contraseña se lee de la entrada, nunca de una opción).
cli-help-login = Iniciar sesión con el usuario y la contraseña del servicio (el token queda en el llavero).
cli-help-methods = Ver los medios de pago de un tipo.
cli-help-resource = Crear un código de pago (QR, link, transferencia…).
cli-help-checkout = Abrir el pago de un cliente sobre un código (la variante de link de pago).
cli-help-link = Crear un link de pago (con todos los medios de pago).
cli-help-charge = Crear un cobro por un medio de pago.
cli-help-status = Ver el estado de un pago.
cli-help-banks = Ver los bancos de un medio de pago.
cli-help-instant-banks = Ver los bancos inscritos a un número de celular.
cli-help-otp = Pedir un código de verificación (llega al celular del comercio).
cli-help-account = Inscribir o eliminar una cuenta bancaria.
cli-help-payout = Enviar dinero a una llave Bre-B (pide confirmación si no va --yes).
cli-help-refund = Devolver dinero de una venta al cliente (pide confirmación si no va --yes).
cli-help-sell = Vender, como sea que se pague: efectivo, QR, link, fiado o una mezcla.
cli-help-sale = Ver una venta por su número (1-000123): lo vendido, cómo se pagó y sus devoluciones.
cli-help-sales = Las ventas del día (o de unas fechas) y sus tres cifras: Ventas, Recibido y Por cobrar.
cli-help-cash = El efectivo del mostrador: turno, ventas en efectivo, entradas y salidas, arqueo. No necesita el servicio.
cli-help-tab = El fiado: clientes, lo que llevan, su estado de cuenta y cómo cobrarlo.
cli-help-payouts = Las dispersiones enviadas desde este computador, las más nuevas primero.
cli-help-balance = Ver el saldo.
cli-help-notify = Pedirle al servicio una notificación simulada de un pago.
cli-help-webhooks = Las notificaciones: recibirlas, o revisar la firma de una guardada.
cli-help-ledger = El registro: seguir uno compartido, exportarlo para el cuadre.
cli-help-customer = Los datos personales de los clientes en el registro (Ley 1581 de 2012).
cli-help-profile-command = Los perfiles: con qué servicio habla paydesk.
cli-help-print = Papel: el cartel del QR del mostrador, el comprobante de un pago, el cuadre del día.
cli-help-pin = El PIN del dueño: con él, paydesk abre en modo Caja y pide el PIN para mover dinero.
cli-help-cashier = Los cajeros, cada uno con su PIN.
cli-help-update = Actualizaciones de paydesk: buscar una versión nueva, o descargarla, verificarla e instalarla.
cli-help-simulator = Correr el simulador incorporado del servicio hasta que se detenga.
cli-help-help-command = Mostrar esta ayuda, o la de los comandos nombrados
cli-help-print-help-more = Mostrar la ayuda (más con «--help»)
cli-help-print-help-summary = Mostrar la ayuda (un resumen con «-h»)
cli-help-print-help = Mostrar la ayuda
cli-help-print-version = Mostrar la versión
cli-help-env = [variable:
cli-help-default = [si no se dice:
cli-help-aliases = [también:
cli-help-possible-values = [valores:
cli-help-commands = Comandos:
cli-help-options = Opciones:
cli-help-arguments = Argumentos:
refusal-unknown-method = El servicio no ofrece ese medio de pago a este comercio, o el número del medio está mal escrito: no se cobró nada. Revise el número (130 Nequi, 131 Daviplata, 117 PSE…; vea «paydesk charge --help»)
chip-keyring-turned-off = Los tokens duran solo mientras paydesk esté abierto: al cerrarlo habrá que pegarlos de nuevo. Motivo: este computador abre paydesk con la opción de no usar el llavero del sistema (PAYDESK_NO_KEYRING). Qué hacer: si quiere que se guarden, pida que quiten esa opción y vuelva a abrir paydesk.
settings-keyring-turned-off = paydesk se abrió con la opción de no usar el llavero del sistema (PAYDESK_NO_KEYRING): los tokens que escriba duran solo hasta que cierre paydesk. Para guardarlos, pida que quiten esa opción y vuelva a abrir paydesk
keyring-locked = el llavero está bloqueado o no dio permiso
keyring-no-service = no hay un servicio de llavero funcionando
keyring-failed = el servicio de llavero falló ({ $error })
top-profile-shop = { $name } · { $shop }
accounts-code-in-simulator = Está practicando con el simulador: el código no llega a ningún celular, lo muestra el simulador en
accounts-code-in-simulator-link = esta página (el número después de «code»)
register-municipality-incomplete = puede ser { $names }: termine de escribir el nombre o elija una de las sugerencias
duration-hours = { $hours ->
        [one] 1 hora
       *[other] { $hours } horas
    }
duration-minutes = { $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    }
duration-seconds = { $seconds ->
        [one] 1 segundo
       *[other] { $seconds } segundos
    }
activity-notification-summary = Llegó el { $time } para el pago { $reference }: dice «{ $notified }». { $check }.
activity-refused-summary = Llegó el { $time } desde { $source } y se rechazó: { $reason }. No se aplicó a ningún pago.
accounts-linked-shown = Cuenta { $number } inscrita
balance-bag-sales = Saldo de sus ventas (el servicio lo llama «{ $service }»)
balance-bag-payouts = Saldo para dispersiones (el servicio lo llama «{ $service }»)
link-method-card = Tarjeta de crédito o débito
link-method-bank-app = Botón de banco
link-method-pse = PSE (transferencia bancaria)
link-method-cash-on-delivery = Pago contra entrega

## Actualizaciones (src/update, paydesk update, Configuración › Actualizaciones)
update-bad-address = La dirección de actualizaciones «{ $url }» no sirve: debe empezar con https:// (o ser de este computador) y no llevar usuario ni contraseña
update-unreachable = No se pudo hablar con { $host } para buscar actualizaciones: revise que este computador tenga internet. paydesk lo intentará de nuevo más tarde
update-too-slow = { $host } tardó demasiado en responder: no se instaló nada. paydesk lo intentará de nuevo más tarde
update-http-status = { $host } respondió { $status } al pedir la actualización: no se instaló nada
update-too-large = La respuesta pasó del tamaño permitido ({ $cap } bytes): se rechazó y no se instaló nada
update-bad-signature = La actualización no tiene la firma del fabricante de paydesk: se rechazó y no se instaló nada
update-not-a-feed = La lista de versiones no es de paydesk o no se puede leer: no se instaló nada. Revise la dirección de actualizaciones en Configuración › Actualizaciones
update-replayed = Se recibió una lista de versiones más vieja ({ $offered }) que la última vista ({ $seen }): se rechazó y no se instaló nada
update-from-the-future = La lista de versiones tiene fecha futura ({ $offered }): revise la fecha de este computador; no se instaló nada
update-downgrade = La versión ofrecida ({ $offered }) no es más nueva que la que tiene ({ $running }): paydesk nunca vuelve a una versión anterior
update-no-file = La versión nueva no trae archivo para este computador ({ $platform })
update-wrong-size = El archivo descargado no tiene el tamaño firmado ({ $got } bytes en vez de { $expected }): se borró y no se instaló nada
update-wrong-hash = El archivo descargado no es el que firmó el fabricante (su huella SHA-256 no coincide): se borró y no se instaló nada
update-disk = No se pudo escribir { $path }: revise que el disco tenga espacio. No se instaló nada
update-not-installable = Este paydesk no se instaló con un instalador (se compiló desde el código): actualícelo como lo instaló
update-install-failed = No se pudo instalar la actualización: paydesk sigue en la versión que tiene. Pruebe de nuevo más tarde
ledger-too-old = Este computador tiene una versión anterior de paydesk: actualícelo para seguir usando los libros compartidos
cli-update-off = Buscar actualizaciones está apagado en Configuración › Actualizaciones: no se buscó nada
cli-update-test-key = Esta compilación confía en una llave de prueba, no en la del fabricante (solo para CI)
cli-update-looking = Buscando una versión nueva en { $url }…
cli-update-current = paydesk está al día (versión { $version })
cli-update-found = Hay una versión nueva de paydesk ({ $version }; usted tiene la { $running }):
cli-update-how = Para instalarla: paydesk update install
cli-update-downloading = Descargando y revisando la versión { $version }…
cli-update-installer-started = La versión { $version } tiene la firma del fabricante: el instalador sigue solo, cierra paydesk si está abierto y lo abre de nuevo ya actualizado
cli-update-replaced = Listo: { $path } es ahora la versión { $version } (la próxima vez que abra paydesk la verá)
cli-update-run-command = La versión { $version } está descargada y tiene la firma del fabricante. Instálela con el centro de software o con: { $command }
cli-update-window-open = paydesk está abierto en este computador y la instalación lo cerraría, quizá en medio de una venta: no se instaló nada. Ciérrelo y vuelva a intentarlo, o elija «Instalar al cerrar» en la app
update-offer = Hay una versión nueva de paydesk ({ $version }):
update-install-at-close = Instalar al cerrar
update-not-now = Ahora no
update-downloading = Descargando la versión { $version } de paydesk… { $percent } %
update-at-close = La versión { $version } está descargada y revisada: se instala cuando cierre paydesk, que se abre de nuevo ya actualizado
updates-title = Actualizaciones
updates-running = Versión de paydesk en este computador: { $version }
updates-looking = Buscando una versión nueva…
updates-up-to-date = paydesk está al día
updates-newer = Hay una versión nueva: { $version }
updates-look = Buscar versiones nuevas al abrir paydesk y una vez al día (no se envía nada de su negocio)
updates-look-now = Buscar ahora
updates-feed = Dirección de actualizaciones
updates-feed-note = Vacía: la del fabricante. Un distribuidor puede poner la suya; paydesk solo instala archivos con la firma del fabricante, vengan de donde vengan
updates-use-feed = Usar esta dirección
main-update-failed-title = paydesk no se pudo actualizar
updates-advanced = Avanzado: de dónde se descargan las actualizaciones
update-saved = La versión { $version } está descargada y tiene la firma del fabricante. Instálela con el centro de software o con: { $command }

## Approvals spoken (src/speech)
speech-approval = Pago recibido: { $amount }
speech-approval-no-amount = Pago recibido
speech-reason-no-session = esta sesión no tiene carpeta de ejecución (XDG_RUNTIME_DIR)
speech-reason-not-queued = no lo puso en cola
speech-reason-cancelled = el servicio de voz lo canceló
speech-reason-closed = el servicio de voz cerró la conexión
speech-reason-not-ssip = respondió algo que no es del servicio de voz
speech-reason-not-a-socket = SPEECHD_ADDRESS={ $address }: paydesk habla con speech-dispatcher solo por su conexión local (unix_socket)
speech-reason-did-not-start = la voz del sistema no arrancó
speech-reason-did-not-speak = la voz del sistema no dijo la frase
speech-aloud = Decirlo en voz alta («Pago recibido: treinta y cinco mil pesos»)
speech-looking = Buscando las voces de este computador…
speech-voice = Voz:
speech-voice-automatic = Automática ({ $voice })
speech-volume = Volumen:
speech-try = Probar
speech-look-again = Buscar voces de nuevo
speech-tried = Se dijo «Pago recibido: treinta y cinco mil pesos». Si no lo oyó, revise el volumen del computador
speech-not-saved = No se pudo guardar la voz en la configuración de este computador: se usa hasta que cierre paydesk. Revise que el disco tenga espacio y pruebe de nuevo
speech-language-es = español
speech-language-en = inglés
speech-no-service = No hay servicio de voz en este equipo
speech-refused = El servicio de voz no dijo el mensaje. Pruebe de nuevo; si sigue sin sonar, reinicie el computador
speech-too-slow = El servicio de voz no contestó a tiempo
speech-voice-gone = La voz «{ $voice }» ya no está instalada: elija otra
speech-not-available = Este sistema no tiene una voz que paydesk pueda usar; sigue sonando la campana
speech-install-voice-linux = No hay una voz en { $language } instalada; mientras tanto suena la campana. Instale los paquetes { $packages } (en Debian, Ubuntu o Mint: sudo apt install { $packages })
speech-install-voice-windows = No hay una voz en { $language } instalada; mientras tanto suena la campana. Agréguela en Configuración de Windows › Hora e idioma › Voz › Agregar voces
speech-install-voice-macos = No hay una voz en { $language } instalada; mientras tanto suena la campana. Agréguela en Ajustes del Sistema › Accesibilidad › Contenido leído › Voz del sistema › Administrar voces
speech-start-service-linux = paydesk habla por speech-dispatcher, el servicio de voz del escritorio, y no lo encontró en esta sesión; mientras tanto suena la campana. Instale los paquetes { $packages } (sudo apt install { $packages }) y, si ya están, inicie el servicio al entrar a la sesión (el comando speech-dispatcher --spawn --timeout 0 en las aplicaciones de inicio, para que no se cierre a los 5 segundos sin uso)
speech-no-voice = Ninguna voz instalada habla { $language }

## Files where people find them (issue 42: exports folder, pickers, «Abrir carpeta»)
files-title = Dónde se guardan los archivos
files-explain = Los QR, los PDF y los archivos de Excel (CSV) que guarda paydesk van a
files-folder = Carpeta de los archivos
files-folder-saved = Desde ahora los archivos se guardan en { $folder }.
files-folder-failed = No se pudo usar la carpeta { $folder }: { $error }
pick-folder = Elegir carpeta…
pick-file = Elegir archivo…
pick-backup-folder = Carpeta para las copias de seguridad
pick-copy-to-restore = Copia de los libros para restaurar
pick-exports-folder = Carpeta para los archivos que guarda paydesk
pick-copies = Copias de los libros de paydesk
log-exports-folder = Carpeta de los archivos: { $folder }

## A screen that holds still, the cashier's seat (issue 42: overlay banners, who sells, Caja said)
caja-notice-title = Esta caja quedó en modo Caja
caja-notice = Con el PIN del dueño puesto, aquí solo se cobra y se ven los pagos y el cuadre de hoy. Para Configuración, Dispersiones o Saldo: botón «Dueño», arriba, y el PIN del dueño.
caja-notice-understood = Entendido
caja-change-short = Cambiar
people-set-pin-effect = Al poner el PIN, esta caja pasa enseguida a modo Caja: solo Cobrar, Estado de pagos y el cuadre de hoy. Lo demás pedirá este PIN (botón «Dueño», arriba).
chip-notifications-short = Notificaciones
collect-seller = Vende: { $who }
collect-seller-owner = el dueño
collect-seller-caja = la caja (sin cajeros en la lista)
collect-seller-nobody = Vende: nadie dijo quién (las ventas quedan sin cajero)
collect-seller-identify = Decir quién vende

## What a screen reader hears (issue 47): the window's name, a payment's announcement and the tables
window-title = paydesk — { $panel }
announce-ended = { $what }: { $amount }
announce-ended-sold = { $what }: { $amount }, { $description }
status-today-table = Ventas de hoy
close-table = Totales del cuadre
close-exceptions-table = Pagos para revisar
table-column-line = Concepto
table-column-what = Qué pasó
activity-table = Notificaciones recibidas
activity-refused-table = Notificaciones rechazadas
activity-column-content = Contenido
activity-column-source = Origen
activity-column-reason = Motivo
log-table = Entradas del registro

## Devoluciones (issue 44): dinero de vuelta al cliente por una venta, como la dispersión que es
return-reason-product = Producto devuelto
return-reason-charged-twice = Cobro doble
return-reason-wrong-amount = Valor equivocado
rule-return-reason = Diga el motivo: product (producto devuelto), charged-twice (cobro doble), wrong-amount (valor equivocado) u other (otro, con sus palabras)
rule-return-reason-words = Escriba el motivo en sus palabras
return-customer-sent = Devolución enviada: { $amount }
return-state-returned = Devuelto
return-state-part = Devuelto { $returned } de { $paid }
return-state-under-way = Devolución en curso: { $amount } de { $paid }
return-state-part-and-under-way = Devuelto { $returned } de { $paid } · en curso { $amount }
return-unknown-sale = No hay ninguna venta { $sale } en estos libros: revise la referencia (está en el comprobante y en Estado de pagos)
return-other-profile = La venta { $sale } es de otro perfil (otro comercio) de estos libros: devuélvala desde ese perfil
return-not-approved = La venta { $sale } no está aprobada ({ $state }): solo se devuelve dinero de una venta aprobada
return-not-confirmed = El servicio no ha confirmado cuánto se pagó en la venta { $sale }: consulte su estado y vuelva a intentarlo
return-choose-payment = { $sale } es un código que recibe muchos pagos ({ $count ->
    [one] 1 pago
   *[other] { $count } pagos
}): diga cuál devolver, por la referencia del proveedor de ese pago
return-no-such-payment = El código { $sale } no recibió ningún pago con la referencia del proveedor { $payment }
return-one-payment = La venta { $sale } es un solo pago: no se elige un pago para devolverla
return-in-full = La venta { $sale } ya se devolvió completa ({ $paid })
return-nothing-left = Lo que queda por devolver de { $sale } ya está en una devolución en curso ({ $amount }): consulte su estado en Dispersiones antes de devolver más
return-over-remaining = Solo quedan { $remaining } por devolver de este pago (el cliente pagó { $paid }): escriba un valor de hasta { $remaining }
action-return = Devolución enviada
exception-detail-return = Devolución de { $sale }: { $amount } a { $destination }
close-returns-paid = Devoluciones confirmadas
close-returns-open = Devoluciones en curso
close-returns-failed = Devoluciones que no salieron
close-returns-fee = La comisión de cada devolución la paga la tienda: el servicio la descuenta del saldo de dispersión, aparte de estas cifras
close-returned = Devuelto
close-left = Queda
close-net = Ventas menos devoluciones
csv-return-review = devolución · motivo: { $reason } · referencia del servicio { $service } · su comisión la paga la tienda
csv-return-review-payment = devolución del pago { $payment } · motivo: { $reason } · referencia del servicio { $service } · su comisión la paga la tienda
return-insufficient = El saldo de dispersión es { $balance }: no alcanza para devolver { $amount }. Recárguelo para devolver desde aquí, o devuelva el dinero en efectivo por fuera de paydesk (la caja aún no lleva el efectivo)
return-summary = Devolver { $amount } de la venta { $sale } (pagó { $paid }; quedan { $remaining } por devolver) a { $destination } por { $method }. Motivo: { $reason }
log-return = { $amount } a { $destination } por la venta { $sale } (referencia { $reference })
close-paper-returns = Devoluciones
return-receipt-title = Comprobante de devolución
return-receipt-sale = Venta devuelta
return-receipt-payment = Pago devuelto
return-receipt-so-far = De esta venta
return-receipt-reason = Motivo
return-receipt-to = Enviado a
return-receipt-how = Por
return-receipt-service-reference = Referencia del servicio
return-receipt-confirmed = Devolución confirmada por el servicio de pagos.
print-error-not-a-return = { $reference } no es una devolución de este perfil en los libros de este computador.
print-error-return-not-confirmed = El servicio aún no ha confirmado la devolución { $reference }: consulte su estado (paydesk payouts --check { $reference }) y vuelva a imprimir.
cli-return-sent = 
    Devolución de { $amount } a { $destination } por la venta { $sale }: { $state }
    Motivo:                 { $reason }
    Referencia:             { $reference }
    Referencia de estado:   { $status_reference }
cli-payout-returns = devolución de la venta { $sale }

## Devolver dinero en la app (issue 44): la ventana de la venta en Estado de pagos
refund-button = Devolver por dispersión…
refund-owner-pin = Devolver dinero es del dueño: se pide su PIN antes de abrir el formulario
refund-needs-owner = Devolver dinero es del dueño: escriba el PIN del dueño y vuelva a revisar. No se envió nada
refund-this-payment = Devolver { $amount } de las { $time }
refund-title = Devolver dinero de la venta { $sale }
refund-paid = El cliente pagó { $paid }; quedan { $remaining } por devolver
field-refund-reason = Motivo
refund-reason-other = Otro (con sus palabras)
field-refund-reason-words = Motivo en sus palabras
refund-reason-words-hint = Se equivocó de talla
field-refund-alias = Alias Bre-B del cliente
field-refund-cellphone = Celular del cliente
refund-review = Revisar devolución…
refund-checking = Revisando la devolución…
refund-close = Cerrar devolución
refund-confirm-title = Confirme la devolución
refund-confirm-after = Después de esta devolución
refund-confirm-send = Devolver { $amount }
refund-sent = Devolución enviada: { $amount } a { $destination }. Falta que el servicio de pagos la confirme
refund-confirmed = Devolución confirmada: { $amount } a { $destination }
refund-not-out = La devolución de { $amount } no salió ({ $state }): { $reason }. Ese valor se puede devolver de nuevo
refund-no-reason = el servicio no dijo por qué
refund-unknown-no-resend = paydesk no la enviará de nuevo. Consulte su estado en Dispersiones antes de devolver otra vez
refund-print-receipt = Imprimir comprobante de devolución
refund-receipt-pdf = Comprobante de devolución en PDF

## Efectivo: el turno de la caja, su arqueo (issue 45)
cash-bill = billete de { $value }
cash-coin = moneda de { $value }
cash-count-not-whole = Cuente { $denomination } en unidades enteras (sin comas ni signos)
cash-count-too-many = Demasiados: revise la cantidad de { $denomination }
cash-count-unknown = «{ $denomination }» no es un billete ni una moneda en circulación (por ejemplo 50000x3 o m500x4)
cash-difference-even = Cuadra al peso
cash-difference-over = Sobrante de { $amount }
cash-difference-short = Faltante de { $amount }
cash-kind-sale = Venta en efectivo
cash-kind-return = Devolución en efectivo
cash-kind-in = Entrada de efectivo
cash-kind-out = Salida de efectivo
cash-no-open-shift = No hay turno abierto en esta caja: ábralo con la base contada
cash-shift-already-open = Ya hay un turno abierto en esta caja desde { $since } ({ $by })
cash-shift-left-open = El turno de esta caja quedó abierto desde { $since }: ciérrelo (cuente la caja) antes de seguir
cash-shift-closed = El turno { $shift } ya está cerrado: nada lo cambia
cash-no-such-shift = No hay un turno { $shift } en el registro
cash-no-such-entry = No hay un movimiento de efectivo { $entry } en el registro
cash-already-voided = El movimiento { $entry } ya está anulado
cash-void-closed-shift = El movimiento { $entry } es de un turno ya cerrado: corríjalo con una entrada o salida en el turno abierto
cash-void-returned-sale = La venta { $sale } tiene devoluciones: anúlelas primero
cash-owner-only = Solo el dueño anula movimientos de efectivo
cash-not-your-shift = Este turno lo abrió { $by }: lo cierra esa persona o el dueño
cash-drawer-short = En la caja debería haber solo { $holds }: no alcanza
cash-unknown-sale = No hay una venta en efectivo { $sale } (o fue anulada)
cash-return-over = De esa venta quedan { $remaining } por devolver (se vendió por { $sold })
cash-tendered-short = Lo recibido no alcanza: faltan { $missing }
cash-already-charged = Esa venta ya se cobró en efectivo ({ $sale })
cli-watch-cash = Cambió el efectivo de una caja: un turno, un movimiento o una anulación
field-name-tendered = recibido
field-name-base = base
field-name-count = arqueo
cash-reason-missing = Escriba el motivo: queda en el registro
cash-reason-too-long = El motivo es muy largo: máximo { $max } caracteres
cash-base-negative = La base es el efectivo con que empieza el turno: cero o más
cash-count-empty = Cuente la caja: escriba cuántos billetes y monedas hay de cada uno (cero si no hay)
cash-no-control = Quite los saltos de línea y caracteres especiales
action-shift-opened = Turno abierto
action-shift-closed = Turno cerrado (arqueo)
action-cash-in = Entrada de efectivo
action-cash-out = Salida de efectivo
action-cash-return = Devolución en efectivo
action-cash-void = Movimiento de efectivo anulado
cash-detail-opened = Turno { $shift }, base { $base }
cash-detail-closed = Turno { $shift }: esperado { $expected }, contado { $counted }. { $difference }
cash-detail-moved = { $amount }: { $reason }
cash-detail-returned = { $amount } de la venta { $sale }: { $reason }
cash-detail-voided = { $kind } { $entry } de { $amount }: { $reason }
cash-return-owner-only = Devolver dinero en efectivo es del dueño: pida su PIN

## Cierre y papel del efectivo
cashclose-exception-paid-twice = Pagada dos veces
cashclose-exception-left-open = Turno abierto de otro día
cashclose-exception-detail-paid-twice = Pagada dos veces: en efectivo ({ $cash }, { $amount }) y por el servicio ({ $approved }): devuelva una
cashclose-exception-detail-left-open = El turno de { $till } quedó abierto desde { $since } (esperado hasta ahora { $expected }): cuente la caja y ciérrelo
cashclose-cash-heading = Efectivo: contado por el cajero, no lo confirma el servicio
cashclose-service-heading = Confirmado por el servicio
cashclose-open-uncounted = Abierto, sin contar
cashclose-voided = Anulados (no suman en ninguna cifra)
cashclose-expected = Esperado
cashclose-expected-so-far = Esperado hasta ahora
cashclose-counted = Contado
cashpaper-receipt-title = Recibo de venta en efectivo
cashpaper-method = Efectivo
cashpaper-tendered = Recibido
cashpaper-change = Vueltas
cashpaper-instead-of = En lugar de
cashpaper-receipt-counted = Pagado en efectivo en la caja; el servicio de pagos no interviene.
cashpaper-error-not-a-sale = El movimiento de efectivo { $entry } no es una venta: solo una venta tiene recibo
cashpaper-error-voided = La venta en efectivo { $reference } fue anulada: no tiene recibo
cashpaper-shift-title = Cierre de turno { $shift }
cashpaper-never-added = El efectivo lo cuenta el cajero; el servicio de pagos no lo confirma. Las dos cifras no se suman.
cashpaper-till = Caja
cashpaper-opened-by = Abrió
cashpaper-opened-at = Apertura
cashpaper-closed-by = Cerró
cashpaper-closed-at = Cierre
cashpaper-base = Base
cashpaper-movements = Movimientos
cashpaper-movement-detail = { $why } ({ $who })
cashpaper-voided-detail = Anulado por { $who } el { $when }: { $reason }
cashpaper-count = Arqueo
cashpaper-bills = Billetes
cashpaper-coins = Monedas
cashpaper-count-empty = Caja vacía: no se contó ningún billete ni moneda
cashpaper-note = Nota
cashpaper-no-electronic = Ningún pago electrónico confirmado en esta caja durante el turno
cashpaper-electronic-total = { $count ->
    [one] Confirmado por el servicio (1 pago)
   *[other] Confirmado por el servicio ({ $count } pagos)
}
cashclose-net-sales = Ventas en efectivo menos devoluciones en efectivo
cashclose-drawers-difference = { $open ->
    [0] Diferencia de las cajas contadas: { $difference }
    [one] Diferencia de las cajas contadas: { $difference } (1 caja abierta, sin contar)
   *[other] Diferencia de las cajas contadas: { $difference } ({ $open } cajas abiertas, sin contar)
}
cashclose-drawers-uncounted = { $open ->
    [one] 1 caja abierta, sin contar
   *[other] { $open } cajas abiertas, sin contar
}
cashclose-difference = Diferencia
cashclose-closed-by = Cerró { $who } el { $when }
cashclose-amount = Valor
cashclose-drawers = Cajas: turnos y arqueos
cashpaper-opened-line = Abrió { $who } el { $when }
cashclose-csv-voided = Anulado por { $who } el { $when }: { $reason }
cashclose-cli-exported-shifts = Los turnos de las cajas con sus arqueos, aparte: { $path }

## Cobrar en efectivo
cashsale-mode = Efectivo
cashsale-tendered = ¿Con cuánto paga?
cashsale-exact = Exacto
cashsale-change = Vueltas: { $change }
cashsale-record = Registrar venta en efectivo
cashsale-open-and-sell = Abrir turno y cobrar
cashsale-no-shift = No hay turno abierto en esta caja
cashsale-base = Base (efectivo con que empieza el turno)
cashsale-base-needed = Escriba la base contada (cero si la caja empieza vacía) para abrir el turno con esta venta
cashsale-left-open = El turno quedó abierto desde { $since }: ciérrelo en Turno contando la caja
cashsale-offline = Sin internet el efectivo se registra igual: queda en el registro de esta caja
cashsale-offline-go = Ir a Efectivo
cashsale-writing = Registrando la venta…
cashsale-instead-of = Cobro en efectivo de la venta { $reference } ({ $amount }): esa venta queda sin cobrar
cashsale-instead-of-cancel = No cobrar en efectivo
cashsale-charge-instead = Cobrar en efectivo
cashsale-recorded = Venta en efectivo registrada
cashsale-received = Recibido
cashsale-reference = Referencia
cashsale-at = Fecha y hora
cashsale-left-unpaid = En lugar de la venta { $reference }, que quedó sin cobrar
cashsale-refused = No se registró la venta en efectivo de { $amount }
cashsale-put-back = Volver a poner la venta en el formulario
cashsale-print-receipt = Imprimir recibo
cashsale-receipt-pdf = Recibo en PDF
cashsale-whatsapp = Enviar comprobante por WhatsApp
cashsale-receipt-cash = Pagado en efectivo
cashsale-receipt-method = Pagado con { $method }
cashsale-receipt-message =
    { $shop }
    Comprobante de pago: { $amount }
    Fecha: { $when }
    Referencia: { $reference }
    { $how }
    Este comprobante no es una factura.
cashsale-paid-twice = Esta venta se pagó dos veces: en efectivo ({ $cash }) y por el servicio ({ $sale }, { $amount })
cashsale-paid-twice-open = Abrir la venta para devolver el dinero

## Turno
shift-title = Turno
shift-no-ledger = El turno de caja se lleva en el registro de la tienda, y el registro no está disponible
shift-part-mine = Esta caja
shift-part-all = Todas las cajas (dueño)
shift-none-open = No hay turno abierto en esta caja: cuente el efectivo con que empieza
shift-base = Base: efectivo con que empieza
shift-base-hint = por ejemplo 100.000 (cero si empieza vacía)
shift-open-button = Abrir turno
shift-open-since = Turno { $shift }, abierto por { $by } el { $since }
shift-left-open = El turno de esta caja quedó abierto desde { $since }: cuente la caja y ciérrelo antes de abrir el de hoy
shift-figures = La caja en cifras
shift-column-amount = Valor
shift-figure-base = Base
shift-figure-sales = Ventas en efectivo
shift-figure-returns = Devoluciones en efectivo
shift-figure-in = Entradas de efectivo
shift-figure-out = Salidas de efectivo
shift-expected-now = Esperado en caja
shift-figure-voided = Anulados (fuera de las cuentas)
shift-entries = Movimientos del turno
shift-no-entries = Aún no hay movimientos en este turno
shift-column-time = Hora
shift-column-kind = Movimiento
shift-column-about = Motivo o referencia
shift-column-by = Quién
shift-entry-return-of = Venta { $sale }: { $reason }
shift-entry-voided = Anulado: { $reason } ({ $by })
shift-column-void = Anulación
shift-void-entry = Anular
shift-moves-heading = Entradas y salidas de efectivo
shift-amount-hint = por ejemplo 20.000
shift-reason = Motivo
shift-reason-hint = por qué entra o sale (queda en el registro)
shift-reason-change = Sencillo para vueltas
shift-reason-supplier = Pago a proveedor
shift-reason-safe = Retiro a caja fuerte
shift-reason-product = Producto devuelto
shift-record-in = Registrar entrada
shift-record-out = Registrar salida
shift-record-return = Registrar devolución
shift-return-sale = Venta en efectivo
shift-return-sale-hint = referencia de la venta
shift-return-sale-missing = Escriba la referencia de la venta en efectivo
shift-find-sale = Buscar venta
shift-return-found = Venta { $sale } de { $sold }: quedan { $remaining } por devolver
shift-close-heading = Cerrar turno (arqueo)
shift-count-heading = Arqueo de caja
shift-count-hint = Cuente los billetes y monedas de la caja y escriba cuántos hay de cada uno
shift-denomination = Billete o moneda
shift-pieces = Cantidad
shift-subtotal = Subtotal
shift-bills = Billetes
shift-coins = Monedas
shift-counted = Contado
shift-expected = Esperado
shift-count-empty = sin contar
shift-note = Nota (opcional)
shift-note-hint = algo que el dueño deba saber del arqueo
shift-close-button = Cerrar turno
shift-close-confirm = Se cierra el turno con { $counted } contados. { $difference }. Un turno cerrado no se cambia.
shift-close-yes = Sí, cerrar turno
shift-close-count-first = Cuente la caja (arqueo) para cerrar el turno
shift-closed = Turno { $shift } cerrado
shift-print = Imprimir cierre de turno
shift-pdf = Cierre de turno en PDF
shift-done = Listo
shift-all-heading = Turnos de todas las cajas
shift-all-none = Ese día no hubo turnos
shift-day-before = Día anterior
shift-day-after = Día siguiente
shift-day-today = Hoy
shift-column-shift = Turno
shift-column-till = Caja
shift-column-opened-by = Abrió
shift-column-opened = Abierto
shift-column-closed = Cerrado
shift-column-difference = Diferencia
shift-number = Turno { $shift }
shift-still-open = Abierto
shift-chosen = Turno { $shift } de { $till }, abierto por { $by }
shift-owner-close = Cerrar este turno (arqueo del dueño)
shift-void-heading = Anular movimiento: { $kind } de { $amount } ({ $time })
shift-void-reason-hint = por qué se anula (queda en el registro)
shift-void-confirm = Anular movimiento
shift-void-needs-owner = Solo el dueño anula movimientos: escriba el PIN del dueño
## paydesk cash (la terminal)
cli-cash-opened = Turno { $shift } abierto con base { $base }
cli-cash-shift = Turno
cli-cash-sold = Venta en efectivo registrada
cli-cash-voided = Movimiento anulado (sale de todas las cifras; queda en el registro)
cli-cash-no-shifts = No hubo turnos en esos días
cli-cash-entry = Movimiento
cli-cash-amount = Valor
cli-cash-received = Recibido
cli-cash-change = Vueltas
cli-cash-reference = Referencia
cli-cash-instead-of = En lugar de la venta
cli-cash-reason = Motivo
cli-cash-by = Quién
cli-cash-void = Anulado
cli-cash-shift-closed = cerrado: esperado { $expected }, contado { $counted }. { $difference }
cli-cash-shift-open = abierto, sin contar: esperado hasta ahora { $expected }
cli-cash-till = Caja
cli-cash-opened-by = Abrió
cli-cash-base = Base
cli-cash-voided-sum = Anulados (en ninguna cifra)
cli-cash-expected = Esperado en caja
cli-cash-expected-at-close = Esperado al cerrar
cli-cash-counted = Contado
cli-cash-difference = Diferencia
cli-cash-shift-title = Turno { $shift }
cli-cash-counted-note = Efectivo contado por el cajero: el servicio de pagos no lo confirma.
## Fiado: las cuentas de los clientes (issue 46)
tab-kind-taken = Fiado
tab-kind-paid-service = Abono confirmado por el servicio
tab-kind-paid-cash = Abono en efectivo
tab-unknown-customer = No hay un cliente { $id } en el registro
tab-forgotten = Ese cliente fue olvidado a su pedido: sus datos ya no están
tab-same-cellphone = { $name } ya tiene ese celular: revise si es la misma persona (no se juntan solos); si es otra, confírmelo para agregarla
tab-over-limit = Pasa el cupo de { $limit } (debe { $owed }): hace falta el PIN del dueño
tab-nothing-owed = Ese cliente no debe nada
tab-over-balance = Es más de lo que debe ({ $owed })
tab-still-owes = Aún debe { $owed }: se olvida cuando la cuenta quede en cero
tab-has-credit = Tiene un saldo a favor de { $credit }: devuélvaselo antes de olvidarlo
tab-owner-only = Eso es del dueño: pida su PIN
tab-no-limit = sin cupo
tab-cash-reason = Abono al fiado de { $name }
tab-detail-added = { $name } (autorizó: { $how })
tab-detail-limit = { $name }: cupo { $limit }
tab-detail-over-limit = { $name }: fiado { $amount } sobre el cupo de { $limit }
tab-detail-forgotten = Cliente de fiado { $id }
action-tab-customer-added = Cliente de fiado agregado
action-tab-limit = Cupo de fiado cambiado
action-tab-over-limit = Fiado sobre el cupo
cli-watch-tab = Cambió la cuenta de un cliente (fiado)
tab-message-whole = Hola, { $name }. Le escribimos de { $shop }: su cuenta de fiado va en { $owed }. Puede pagarla aquí: { $link } ¡Gracias!
tab-message-part = Hola, { $name }. Le escribimos de { $shop }: su cuenta de fiado va en { $owed }. Con este link abona { $amount }: { $link } ¡Gracias!
tab-message-reminder = Hola, { $name }. Le recordamos de { $shop } que su cuenta de fiado va en { $owed } (desde { $since }). Cuando pueda, pásese o pídanos el link para pagar. ¡Gracias!
field-name-limit = cupo
field-name-consent = autorización de datos
tab-consent-missing = Sin la autorización del cliente para guardar sus datos (Ley 1581) no se guarda: pregúntele y marque cómo la dio
tab-field-missing = Escríbalo: hace falta

## Fiado en la terminal
cli-tab-no-customers = Todavía no hay clientes de fiado
cli-tab-total-owed = Le deben a la tienda
cli-tab-total-credit = Saldo a favor de los clientes
cli-tab-same-cellphone-hint = Si es otra persona, vuelva a ejecutarlo con --same-cellphone
cli-tab-added = Cliente { $id } guardado: { $name }
cli-tab-over-limit-hint = Pasar el cupo solo con el dueño: vuelva a ejecutarlo con --owner (se pide el PIN del dueño)
cli-tab-taken = { $amount } fiado a { $name }
cli-tab-description = Lo que llevó
cli-tab-over-limit = Sobre el cupo
cli-tab-over-limit-yes = sobre el cupo, con el dueño
cli-tab-balance = Saldo
cli-tab-limit-set = Cupo de { $name }: { $limit }
cli-tab-paid-cash = { $name } pagó { $amount } en efectivo
cli-tab-drawer-entry = Caja
cli-tab-drawer = movimiento { $entry } del turno { $shift }
cli-tab-message = Mensaje
cli-tab-no-cellphone-chat = No hay celular guardado: WhatsApp pregunta a qué chat enviarlo
cli-tab-reminder-title = Recordatorio para { $name } (no se envió nada)
cli-tab-link-to-copy = { $name } no tiene celular: copie el link y el mensaje y envíelos usted
cli-tab-link-title = Link por { $amount } del fiado de { $name } (no se envió nada)
cli-tab-forgot = Cliente { $id } olvidado: el nombre, el celular y el documento se borraron; los valores quedan
cli-tab-owes = Debe { $owed } desde el { $since }
cli-tab-in-credit = { $credit } de saldo a favor
cli-tab-settled = No debe nada
cli-tab-no-cellphone = ninguno (los links se copian, no se envían por WhatsApp)
cli-tab-cellphone = Celular
cli-tab-document = Documento
cli-tab-limit = Cupo
cli-tab-consent = Autorización de datos
cli-tab-forgotten-name = (olvidado a su solicitud)
cli-tab-taken-sum = Fiado
cli-tab-paid-sum = Pagado
cli-tab-statement-title = Estado de cuenta de { $name } (cliente { $id })

## Fiado
fiado-title = Fiado
fiado-no-ledger = Sin un registro abierto no hay cuentas de fiado: revise el registro en Configuración
fiado-total-owed = Le deben a la tienda hoy: { $amount }
fiado-search = Buscar
fiado-search-hint = Nombre o celular
fiado-no-customers = Todavía no hay clientes de fiado: agregue uno con «Agregar cliente»
fiado-none-found = Ningún cliente tiene ese nombre o celular
fiado-customers-table = Clientes de fiado
fiado-column-name = Cliente
fiado-column-cellphone = Celular
fiado-column-standing = Cuenta
fiado-owes-since = Debe { $amount } desde el { $since }
fiado-credit = Saldo a favor { $amount }
fiado-settled = Al día
fiado-add-open = Agregar cliente
fiado-add-heading = Agregar cliente de fiado
fiado-add-cancel = Cancelar
fiado-name = Nombre
fiado-cellphone = Celular
fiado-cellphone-hint = 10 dígitos; sin él, los links se copian
fiado-document = Documento
fiado-limit = Cupo
fiado-limit-hint = Lo más que puede deber sin el dueño
fiado-consent = El cliente autoriza guardar sus datos para su cuenta de fiado (Ley 1581)
fiado-consent-field = Autorización de datos
fiado-consent-how = Cómo la dio
fiado-consent-how-hint = De palabra, por WhatsApp, por escrito…
fiado-consent-spoken = De palabra, en la tienda
fiado-consent-whatsapp = Por WhatsApp
fiado-consent-written = Por escrito
fiado-add-button = Guardar cliente
fiado-another-person = Es otra persona: agregarla
fiado-back = Todos los clientes
fiado-figures = Fiado en total { $taken }; Pagado { $paid }
fiado-cellphone-is = Celular: { $cellphone }
fiado-document-is = Documento: { $document }
fiado-consent-given = Autorizó guardar sus datos el { $at }, { $how }; lo anotó { $by }
fiado-limit-is = Cupo: { $limit }
fiado-new-limit = Cambiar cupo
fiado-new-limit-hint = Vacío: sin cupo
fiado-limit-button = Guardar cupo
fiado-no-entries = Todavía no hay movimientos en esta cuenta
fiado-entries-table = Estado de cuenta
fiado-column-when = Fecha
fiado-column-what = Qué
fiado-column-amount = Valor
fiado-column-by = Quién
fiado-over-limit-entry = { $what } (sobre el cupo, con el dueño)
fiado-take-heading = Fiar: lo que lleva
fiado-take-amount-hint = Lo que vale lo que lleva
fiado-take-what = Lo que llevó
fiado-take-what-hint = Arroz, aceite…
fiado-take-button = Fiar
fiado-taken = Fiado { $amount }: anotado en la cuenta
fiado-with-owner-pin = Con el PIN del dueño
fiado-collect-heading = Cobrar el fiado
fiado-confirmed = Pago confirmado por el servicio: abono de { $amount } a la cuenta de { $name }
fiado-nothing-to-collect = No debe nada: no hay qué cobrar
fiado-link-amount = Valor a cobrar
fiado-all-owed-hint = Vacío: todo lo que debe ({ $owed })
fiado-over-owed = { $amount } es más de lo que debe ({ $owed })
fiado-create-link = Crear link de pago
fiado-reminder = Recordatorio
fiado-link-description = Abono a la cuenta de fiado
fiado-link-made = Link de pago por { $amount } (venta { $reference })
fiado-link-waiting = Esperando el pago: la cuenta se abona cuando el servicio lo confirme
fiado-link-approved = Pago aprobado: abonándolo a la cuenta…
fiado-link-credited = Pago aprobado y abonado a la cuenta
fiado-link-ended = El link terminó sin pago: la cuenta queda como estaba
fiado-whatsapp = Enviar por WhatsApp
fiado-copy-link = Copiar link
fiado-copy-message = Copiar mensaje
fiado-no-cellphone = No tiene celular guardado: copie el mensaje y envíelo usted
fiado-copied = Copiado
fiado-cash-heading = Abono en efectivo
fiado-cash-amount = Valor recibido
fiado-cash-button = Recibir abono en efectivo
fiado-cash-paid = Abono en efectivo de { $amount }: anotado en la cuenta y en el turno
fiado-open-shift-hint = El efectivo entra al turno de esta caja: ábralo en Turno.
fiado-go-to-shift = Ir a Turno
fiado-forget-heading = Los datos del cliente (Ley 1581)
fiado-forget-note = A pedido del cliente (Ley 1581): se borran su nombre, celular y documento; los valores quedan. Solo con la cuenta en cero.
fiado-forget-button = Olvidar cliente
fiado-by-service = El servicio (link o QR)
fiado-from-collect = Fiar a…

## Fiado en el cuadre
tabclose-heading = Fiado: lo que se llevaron sin pagar; no es dinero recibido
tabclose-given = Fiado (se lo llevaron sin pagar)
tabclose-paid-service = Cobrado del fiado por link o QR
tabclose-in-service = Ya está en lo confirmado por el servicio: no se suma otra vez
tabclose-paid-cash = Cobrado del fiado en efectivo
tabclose-in-cash = Ya está en las entradas de efectivo de las cajas: no se suma otra vez
tabclose-owed-now = { $count ->
    [0] Nadie debía fiado al cierre
    [one] Quedaba por cobrar al cierre: { $amount } (1 cliente)
   *[other] Quedaba por cobrar al cierre: { $amount } ({ $count } clientes)
}
tabclose-credit-now = { $count ->
    [one] Saldo a favor de clientes al cierre: { $amount } (1 cliente)
   *[other] Saldo a favor de clientes al cierre: { $amount } ({ $count } clientes)
}
tabclose-counted-in = Dónde ya está contado
cash-void-tab-payment = El movimiento { $entry } es un abono al fiado de un cliente: no se anula (la cuenta quedaría abonada con un dinero que no está en la caja). Si fue un error, registre una salida con su motivo y fíele de nuevo ese valor
tab-consent-how-missing = Diga cómo dio el cliente su autorización: de palabra, por WhatsApp o por escrito

## The sale: one record whatever paid it (issue 51)
sale-way-service = Pago electrónico
sale-way-cash = Efectivo
sale-way-tab = Fiado
sale-word-service = confirmado por el servicio
sale-word-cash = contado por el cajero
sale-word-tab = lo debe el cliente
sale-part-pending = Pendiente
sale-part-paid = Pagado
sale-part-expired = Vencido
sale-part-declined = Rechazado
sale-part-voided = Anulado
sale-state-paid = Pagada
sale-state-waiting = Esperando el pago
sale-state-open = Falta cobrar { $missing }
sale-state-voided = Anulada
sale-part-on-tab = Por cobrar
sale-state-on-tab = Vendida al fiado
sale-bad-number = «{ $number }» no es un número de venta: escríbalo como 1-000123
sale-unknown = No hay una venta { $number } en los libros
sale-parts-do-not-add = Las formas de pago suman { $parts } y la venta es de { $amount }: deben sumar lo mismo
sale-lines-do-not-add = Los productos suman { $lines } y la venta es de { $amount }: deben sumar lo mismo
sale-over-missing = A esta venta solo le falta cobrar { $missing }
sale-already-paid = Esta venta ya está pagada
sale-voided = Esta venta fue anulada
sale-unknown-part = Esta venta no tiene la forma de pago { $part }
sale-part-not-paid = Esa forma de pago no está pagada: no hay nada que devolver
sale-return-over = Solo quedan { $remaining } por devolver de esa forma de pago (se pagó { $paid }): escriba un valor de hasta { $remaining }
sale-return-wrong-way = Esa devolución no corresponde a esa forma de pago: el fiado se abona a la cuenta del cliente, y lo pagado se devuelve en efectivo o por dispersión
sale-cash-back-owner-only = Devolver en efectivo lo que se pagó por el servicio lo autoriza el dueño
sale-no-items = Ese producto ya no está en la lista de productos frecuentes
sale-detail-item-added = { $item } a { $price }
sale-detail-item-removed = { $item }
action-item-added = Producto frecuente agregado
action-item-removed = Producto frecuente quitado
action-tab-return = Devolución abonada al fiado
tab-kind-returned = Devolución abonada
tab-detail-returned = { $name }: { $amount } abonados por devolución ({ $reason })
tab-asked-already = Ya hay links sin pagar que piden { $waiting } de lo que debe ({ $owed }): cobre solo lo que falta, o espere a que venzan
sale-return-way-payout = Por dispersión
sale-return-way-cash = En efectivo
sale-return-way-tab = Abonado al fiado

## The books' notices (issue 51)
cli-watch-sale = Se registró una venta, una forma de pago o una devolución

## Ventas en la terminal: paydesk sell, sale y sales (issue 51)
field-name-sale = número de venta
field-name-item = producto
field-name-cash-part = parte en efectivo
field-name-qr-part = parte por QR
field-name-link-part = parte por link
field-name-tab-part = parte fiada
cli-sales-title-day = Ventas del { $day }
cli-sales-title-range = Ventas del { $from } al { $to }
cli-sales-none = No hubo ventas
cli-figures-sales = Ventas: { $net } (vendido { $sold } en { $count ->
        [one] 1 venta
       *[other] { $count } ventas
    }, devuelto { $returned })
cli-figures-unpaid = Sin pagar (no cuenta como venta todavía)
cli-figures-voided = Anuladas (no son ventas)
cli-figures-paid-twice = Pagadas dos veces (hay que devolver)
cli-figures-returns-under-way = Devoluciones en camino (el servicio no las ha confirmado)
cli-figures-count = { $amount } ({ $count })
cli-figures-received = Recibido (dos clases de dinero: nunca se suman)
cli-figures-received-service = Del servicio de pagos (confirmado por el servicio)
cli-figures-service-money = { $gross } en { $count ->
        [one] 1 pago
       *[other] { $count } pagos
    }; comisión { $fee }; usted recibe { $net }
cli-figures-received-cash = En efectivo (contado por el cajero)
cli-figures-owed = Por cobrar: { $total }
cli-figures-owed-tabs = Fiado (clientes que deben)
cli-figures-owed-charges = Links y QR sin pagar
cli-sale-return-stands = hecha
cli-sale-return-under-way = en camino: el servicio no la ha confirmado
cli-sale-return-nothing = no salió (rechazada, fallida o anulada)
cli-sale-returned = devuelto { $amount }
cli-sale-when = Cuándo
cli-sale-by = Vendió
cli-sale-amount = Valor
cli-sale-description = Descripción
cli-sale-returned-label = Devuelto
cli-sale-paid-twice-label = Pagada dos veces
cli-sale-paid-twice = se pagó { $over } de más: hay que devolverlo
cli-sale-title = Venta { $number } · { $state }
cli-sale-lines = Productos:
cli-sale-line = { $quantity } × { $description } a { $price } = { $total }
cli-sale-parts = Formas de pago:
cli-sale-returns = Devoluciones:
cli-sale-charge-again-hint = A la venta { $number } le falta cobrar { $missing }: cóbrelo de otra forma con paydesk sale { $number } --charge-cash { $amount } (o --charge-qr { $amount }, --charge-link { $amount }, --charge-tab CLIENTE:{ $amount })
cli-sale-amount-open = valor a elección del cliente
cli-sale-received = recibido { $received }, vueltas { $change }
cli-sale-returnable = queda por devolver { $amount }
cli-sale-return-under-way-amount = { $amount } en devolución
cli-sale-row = Venta
cli-sell-no-part = Diga cómo se paga: --cash, --qr, --link o --tab CLIENTE:VALOR (las partes suman el valor de la venta)
cli-sell-needs-service = Un QR o un link se hacen en el servicio de pagos, y este comando se corrió sin él
cli-sell-item-shape = «{ $item }» no es un producto: escríbalo como "Pan;2;1.500" (descripción;cantidad;precio de uno)
cli-sell-item-problem = «{ $item }»: { $problem }
cli-sell-tab-shape = «{ $typed }» no dice a quién se fía: escríbalo como NÚMERO_DEL_CLIENTE:VALOR (por ejemplo 3:20.000; el número lo da paydesk tab customers)
cli-sell-charge-made = { $kind } hecho en el servicio (no se envió nada al cliente)
cli-sell-follow = Para seguir el pago

## Notificaciones que no son de su venta, y el «Para revisar» del cuadre (issue 51)
check-not-its-sale = no es de esa venta
exception-not-its-sale = Notificación que no es de esa venta
exception-detail-not-its-sale = La notificación dice { $reference } por { $amount } (lo que recibe el comercio); { $sale } es { $sale_reference } por { $sale_amount }. No se tomó como confirmación: la venta queda como dice el servicio
exception-not-its-sale-numbered = la venta { $number }
exception-not-its-sale-charge = el cobro
exception-not-its-sale-tab = el cobro del fiado de { $customer }
exception-detail-not-its-payment = La notificación dice ser el pago { $payment } del QR del mostrador { $code } por { $amount } (lo que recibe el comercio), pero el servicio no confirma ese pago por ese valor. No cuenta como dinero ni como venta
exception-no-provider-reference = sin referencia del proveedor
exception-tab-paid-by-two-links = Fiado pagado con dos links
exception-detail-tab-paid-by-two-links = { $customer } pagó su fiado con dos links a la vez: le quedó un saldo a favor de { $amount }. Devuélvaselo o descuéntelo de lo próximo que fíe
exception-forgotten-customer = Un cliente olvidado a su pedido
exception-detail-sale-paid-twice = Venta { $number } de { $total }: se pagó { $standing } ({ $parts }); sobran { $over }: devuélvalos
exception-sale-part = { $way } { $reference }: { $amount }

## Cobrar: lo vendido, fiar y pagos en partes (issue 51)
cobrar-quantity-rule = Escriba cuántos: un número entero de 1 a { $max }
cobrar-deposit-covers = El abono cubre toda la venta de { $amount }: cóbrela en efectivo
cobrar-description-missing = Escriba qué es
cobrar-customer-total = Total de la compra: { $total }
cobrar-customer-total-title = Total de la compra
cobrar-customer-paid-cash = Pagado en efectivo: { $amount }
cobrar-customer-on-tab = Fiado a { $name }: { $amount }
cobrar-customer-received = Recibido: { $amount }
cobrar-customer-thanks = ¡Gracias por su compra!
cobrar-customer-returned = Devolución: { $amount }
cobrar-display-returned-cash = Devolución: { $amount } en efectivo
cobrar-display-returned-tab = Devolución: { $amount } abonados a su cuenta de fiado
cobrar-not-written = Los libros no devolvieron la venta escrita: búsquela en Estado de pagos antes de cobrarla otra vez
cobrar-lines-heading = Productos (opcional)
cobrar-lines-heading-sum = Productos: { $count } por { $total }
cobrar-line-times = { $quantity } × { $price }
cobrar-line-remove = Quitar
cobrar-line-remove-what = Quitar { $what } de la venta
cobrar-line-what = Producto
cobrar-line-quantity = Cantidad
cobrar-line-price = Precio de uno
cobrar-line-add = Agregar producto
cobrar-item-save = Guardar en frecuentes
cobrar-item-save-hint = El producto escrito y su precio quedan en la lista de productos frecuentes de todas las cajas
cobrar-items-title = Productos frecuentes
cobrar-items-none = Todavía no hay productos frecuentes: escriba uno arriba con su precio y guárdelo
cobrar-item-pick = { $item } · { $price }
cobrar-items-remove-title = Quitar productos frecuentes (dueño)
cobrar-item-remove = Quitar { $item } de frecuentes
cobrar-fiar-again = Lo que falta de la venta { $number } va al fiado
cobrar-fiar-deposit = Abono en efectivo
cobrar-fiar-deposit-hint = Lo que paga ahora: el resto va al fiado
cobrar-fiar-on-tab = Al fiado: { $amount }
cobrar-fiar-picked = Fiar a { $name }
cobrar-fiar-pick = ¿A quién se le fía? Elíjalo en la lista o agréguelo
cobrar-fiar-pick-first = Elija el cliente en la lista, o agréguelo
cobrar-fiar-button = Fiar { $amount } a { $name }
cobrar-fiar-button-blank = Fiar a un cliente
cobrar-cash-again = Lo que falta de la venta { $number }: { $missing }
cobrar-rest-title = Cobrar el resto ({ $rest }):
cobrar-rest-qr = Resto por QR
cobrar-rest-link = Resto por link
cobrar-rest-tab = Fiar el resto
cobrar-card-tab-title = Venta fiada registrada
cobrar-card-title = Venta registrada
cobrar-card-number = Venta { $number } · { $state }
cobrar-card-refused = No se registró la venta fiada de { $amount }
cobrar-card-charge-refused = El servicio no hizo el cobro del resto: la venta queda abierta por lo que falta
cobrar-card-line = { $quantity } × { $what }: { $total }
cobrar-card-tab-of = fiado a { $name }
cobrar-card-missing = Falta cobrar { $missing }
cobrar-again-cash = Cobrar lo que falta en efectivo
cobrar-again-tab = Fiar lo que falta
cobrar-again-qr = Cobrar lo que falta por QR
cobrar-again-link = Cobrar lo que falta por link
cobrar-receipt-number = Venta { $number }
cobrar-mode-tab = Fiar
cobrar-tab-create-qr = Crear código QR
cobrar-tab-qr-made = Código QR por { $amount } (venta { $reference })
cobrar-tab-shown = Abono a la cuenta de { $name }

## Estado de pagos: las ventas del día (issue 51)
status-way-qr = QR
status-state-paid-twice = Pagada dos veces: devolver { $amount }
status-state-returned = Devuelta
status-state-returned-part = Devuelta en parte ({ $amount })
status-code-row = { $kind } · cada pago es una venta
status-tab-row = Abono al fiado de { $name } · no es una venta
status-other-day-row = Parte de la venta { $number }, de otro día
status-charge-row = { $kind } · no es una venta
status-sold = Ventas: { $amount }
status-sold-unpaid = y { $amount } sin pagar aún
status-received-service = Recibido por el servicio: { $payments }
status-received-cash = En efectivo: { $amount }
status-owed = Por cobrar: { $amount }
status-figures-reading = Leyendo las cifras del día…
status-filter = Mostrar
status-filter-all = Todas
status-filter-paid = Pagadas
status-filter-waiting = Esperando el pago
status-filter-open = Falta cobrar
status-filter-voided = Anuladas
status-filter-returned = Con devolución
status-column-number = Venta
status-column-ways = Forma de pago
status-sale-title = Venta { $number }
status-sale-when = Fecha y hora
status-sale-by = Vendió
status-sale-lines = Lo vendido
status-sale-line = { $quantity } × { $description } a { $price }
status-sale-parts = Cómo se pagó
status-part-tab-word = lo debe { $name }
status-sale-paid-twice = Se pagó { $amount } de más: devuélvale al cliente lo que pagó dos veces
status-charge-details = Detalles del pago electrónico { $reference }
status-sale-whatsapp = Enviar comprobante por WhatsApp
status-sale-print = Imprimir comprobante ({ $way })
status-sale-pdf = Comprobante en PDF ({ $way })
status-whatsapp-failed = No se pudo abrir WhatsApp en este computador: copie el comprobante y envíelo usted
status-return-cash-back = Devolver en efectivo (cliente presente)…
status-return-cash = Devolver en efectivo…
status-return-tab = Abonar al fiado…
status-return-title-cash = Devolver en efectivo de la venta { $number }
status-return-title-tab = Abonar al fiado de { $name } (venta { $number })
status-return-paid = Se pagó { $paid } de esta forma; quedan { $remaining } por devolver
status-return-send-cash = Devolver { $amount } en efectivo
status-return-send-tab = Abonar { $amount } al fiado
status-return-done-cash = Se devolvieron { $amount } en efectivo de la caja
status-return-done-tab = Se abonaron { $amount } al fiado de { $name }
status-return-needs-owner = Devolver es del dueño: escriba el PIN del dueño. No se registró nada
status-return-nothing-left = Ya no queda nada por devolver de esta forma de pago
status-find-sale = Buscando la venta { $number } en los libros…
payouts-return-of = Devolución de la venta { $number }
status-open-sale = Abrir la venta { $number }

## The close's three figures (issue 51)
dayclose-sales = Ventas
dayclose-sales-meaning = Lo vendido menos lo devuelto
dayclose-sales-sold = Vendido ({ $count ->
    [one] 1 venta
   *[other] { $count } ventas
})
dayclose-sales-returned = Devoluciones ({ $count })
dayclose-sales-by-way = Cómo se pagó
dayclose-sales-under-way = Devoluciones en curso: { $amount } ({ $count }); aún no cuentan: se restan cuando el servicio las confirme
dayclose-sales-unpaid = Sin pagar: { $count ->
    [one] 1 venta
   *[other] { $count } ventas
} por { $amount }; no cuenta en Ventas hasta que se pague
dayclose-sales-voided = Anuladas: { $count ->
    [one] 1 venta
   *[other] { $count } ventas
} por { $amount }; no cuenta en Ventas
dayclose-sales-paid-twice = Pagadas dos veces: { $count ->
    [one] 1 venta
   *[other] { $count } ventas
}, { $amount } de más; no cuenta en Ventas: devuelva lo pagado de más
dayclose-received = Recibido
dayclose-received-meaning = Dos clases de dinero, cada una donde está: no se suman
dayclose-received-service = Confirmado por el servicio ({ $count ->
    [one] 1 pago
   *[other] { $count } pagos
})
dayclose-received-cash = Efectivo en las cajas, contado por el cajero ({ $count })
dayclose-received-fee-unknown = { $count ->
    [one] 1 pago sin comisión conocida: el neto no lo cuenta
   *[other] { $count } pagos sin comisión conocida: el neto no los cuenta
}
dayclose-owed = Por cobrar
dayclose-owed-meaning = Al cierre: lo que deben en fiado y los cobros sin pagar
dayclose-owed-tabs = Fiado ({ $count ->
    [one] 1 cliente
   *[other] { $count } clientes
})
dayclose-owed-charges = Links y cobros sin pagar ({ $count })
dayclose-sold = Vendido
dayclose-tab-returned = Devoluciones abonadas al fiado
dayclose-tab-returned-where = Ya se restaron de las Ventas: no es dinero
dayclose-chart-bar = { $label }: { $amount }
dayclose-cli-exported-sales = Las ventas, forma de pago por forma de pago, con sus devoluciones y lo que quedó por cobrar (la suma de «vendido» son las Ventas): { $path }

## The DIAN's electronic POS document (issue 53)
dian-nit-empty = escriba el NIT
dian-nit-not-digits = el NIT lleva solo números, y su dígito de verificación va después de un guion (800197268-4)
dian-nit-too-long = el NIT tiene más de { $longest } dígitos: revíselo
dian-nit-no-check-digit = falta el dígito de verificación: escríbalo después de un guion (800197268-4), como aparece en el RUT
dian-nit-wrong-check-digit = el dígito de verificación del NIT { $nit } es { $expected }, no { $typed }: revise el NIT con el RUT
dian-line-quantity-not-positive = una línea con cantidad { $quantity } no va en el documento: la cantidad es mayor que cero, y una devolución se hace con una nota de ajuste
dian-line-price-negative = una línea con precio negativo no va en el documento: un descuento se resta del precio de la línea
dian-line-bag-price-below-tax = el precio de la bolsa es menor que su impuesto ({ $per_bag } por bolsa): cobre al menos el impuesto
dian-line-too-large = las cifras de la venta son demasiado grandes para el documento
dian-document-no-lines = el documento necesita al menos una línea de lo vendido
dian-document-number-outside-range = el número { $number } está fuera del rango de la resolución ({ $from } a { $to }): pida a la DIAN una nueva numeración
dian-document-date-outside-resolution = la resolución de numeración rige del { $from } al { $until }, y la venta es del { $date }: pida a la DIAN una nueva resolución
dian-document-line = línea { $line }: { $problem }
dian-document-line-no-description = la línea { $line } no dice qué se vendió: escriba una descripción
dian-document-no-payment = el documento necesita la forma de pago de la venta
