; paydesk's Windows installer: per user (no administrator needed), a Start-menu entry, an
; uninstaller that keeps the books unless told otherwise, pages in Colombian Spanish and English.
; packaging/build.sh passes VERSION, STAGING (the folder with paydesk.exe and paydesk.com) and
; OUTFILE.
; A 64-bit installer for a 64-bit program: it also runs where only 64-bit Windows programs do
; (Wine without its 32-bit half, as in CI).
Target amd64-unicode
!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "WinMessages.nsh"
!include "FileFunc.nsh"

Name "paydesk"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\paydesk"
InstallDirRegKey HKCU "Software\paydesk" "InstallDir"
SetCompressor /SOLID lzma

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "paydesk"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "paydesk installer"

!define APP_ID "co.paydesk.Paydesk"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\paydesk"
; Where paydesk keeps the settings and the books (config\ and data\): see config::default_dirs.
!define HOME "$APPDATA\${APP_ID}"

!define MUI_ICON "${STAGING}/../../assets/icons/paydesk.ico"
!define MUI_UNICON "${STAGING}/../../assets/icons/paydesk.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\paydesk.exe"
; The language box: its title and text in both languages, as the first page a person reads.
!define MUI_LANGDLL_WINDOWTITLE "paydesk"
!define MUI_LANGDLL_INFO "Elija el idioma de la instalación / Choose the installer's language"

!define MUI_WELCOMEPAGE_TEXT "$(Welcome)"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_TEXT "$(Finished)"
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the default; the installer offers the one matching Windows.
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "English"

; NSIS's own Spanish is Spain's ("su ordenador"): the welcome and finish pages say it as a
; Colombian does.
LangString Welcome ${LANG_SPANISH} "Este asistente instala $(^NameDA) en este computador.$\r$\n$\r$\nNo necesita permisos de administrador. Si paydesk está abierto, el asistente lo cierra antes de actualizarlo; sus libros y sus pagos no se tocan.$\r$\n$\r$\nPresione Siguiente para continuar."
LangString Welcome ${LANG_ENGLISH} "This wizard installs $(^NameDA) on this computer.$\r$\n$\r$\nNo administrator rights are needed. If paydesk is open, the wizard closes it before updating it; your books and payments are not touched.$\r$\n$\r$\nClick Next to continue."
LangString Finished ${LANG_SPANISH} "$(^NameDA) quedó instalado en este computador: lo encuentra en el menú Inicio.$\r$\n$\r$\nPresione Terminar para cerrar este asistente."
LangString Finished ${LANG_ENGLISH} "$(^NameDA) is installed on this computer: you will find it in the Start menu.$\r$\n$\r$\nClick Finish to close this wizard."

LangString PaydeskOpen ${LANG_SPANISH} "paydesk está abierto en este computador. Para actualizarlo hay que cerrarlo: sus libros quedan guardados.$\r$\n$\r$\nPresione Aceptar y el asistente lo cierra, o Cancelar para dejarlo como está."
LangString PaydeskOpen ${LANG_ENGLISH} "paydesk is open on this computer. It has to close to be updated: your books stay saved.$\r$\n$\r$\nClick OK and the wizard closes it, or Cancel to leave it as it is."
LangString PaydeskStillOpen ${LANG_SPANISH} "paydesk no se cerró. Ciérrelo usted (o reinicie el computador) y vuelva a abrir este instalador."
LangString PaydeskStillOpen ${LANG_ENGLISH} "paydesk did not close. Close it yourself (or restart the computer) and run this installer again."
LangString KeepBooks ${LANG_SPANISH} "¿Conservar los libros de paydesk en este computador?$\r$\n$\r$\nLos libros (ventas, dispersiones, cuadres) y la configuración están en:$\r$\n${HOME}$\r$\ny los tokens del servicio en el Administrador de credenciales de Windows.$\r$\n$\r$\nSí (recomendado): quedan donde están, y al volver a instalar paydesk los encuentra.$\r$\nNo: se borran los libros, la configuración y los tokens. Las copias de seguridad guardadas en otra carpeta no se tocan."
LangString KeepBooks ${LANG_ENGLISH} "Keep paydesk's books on this computer?$\r$\n$\r$\nThe books (sales, payouts, closes) and the settings are in:$\r$\n${HOME}$\r$\nand the service's tokens in Windows Credential Manager.$\r$\n$\r$\nYes (recommended): they stay where they are, and paydesk finds them when installed again.$\r$\nNo: the books, the settings and the tokens are deleted. Backups kept in another folder are not touched."
LangString BooksKept ${LANG_SPANISH} "Los libros de paydesk se conservaron en ${HOME}"
LangString BooksKept ${LANG_ENGLISH} "paydesk's books were kept in ${HOME}"

Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

; An update paydesk started itself (`/S /RELAUNCH`) opens paydesk again on the new version: the
; person closed it only so that it could be replaced.
Function .onInstSuccess
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/RELAUNCH" $1
  ${IfNot} ${Errors}
    Exec '"$INSTDIR\paydesk.exe"'
  ${EndIf}
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
FunctionEnd

; A running paydesk.exe cannot be replaced: an update would fail half-way on it. Its window (by
; its title) is asked to close, as the close button does, so the app saves and exits; one that
; has not closed within 10 s is ended. In a silent install (/S) the question is answered "OK".
!macro CloseRunningPaydesk un
Function ${un}CloseRunningPaydesk
  FindWindow $0 "" "paydesk"
  ${If} $0 == 0
    Goto exited
  ${EndIf}
  MessageBox MB_OKCANCEL|MB_ICONINFORMATION "$(PaydeskOpen)" /SD IDOK IDOK close
  Abort
  close:
  StrCpy $1 0
  wait:
    FindWindow $0 "" "paydesk"
    ${If} $0 == 0
      Goto exited
    ${EndIf}
    SendMessage $0 ${WM_CLOSE} 0 0 /TIMEOUT=2000
    Sleep 500
    IntOp $1 $1 + 1
    ${If} $1 == 20
      nsExec::Exec '"$SYSDIR\taskkill.exe" /F /IM paydesk.exe'
      Pop $2
    ${EndIf}
    ${If} $1 < 30
      Goto wait
    ${EndIf}
  MessageBox MB_OK|MB_ICONSTOP "$(PaydeskStillOpen)" /SD IDOK
  Abort
  exited:
  ; The window goes a moment before the process, and an update paydesk started itself (Instalar
  ; al cerrar, `paydesk update install`) runs while that paydesk (and paydesk.com, which waits
  ; for it) are still ending: wait until both program files can be written, up to 30 s.
  StrCpy $1 0
  free:
    ClearErrors
    ${If} ${FileExists} "$INSTDIR\paydesk.exe"
      FileOpen $2 "$INSTDIR\paydesk.exe" a
      ${If} ${Errors}
        Goto busy
      ${EndIf}
      FileClose $2
    ${EndIf}
    ${If} ${FileExists} "$INSTDIR\paydesk.com"
      FileOpen $2 "$INSTDIR\paydesk.com" a
      ${If} ${Errors}
        Goto busy
      ${EndIf}
      FileClose $2
    ${EndIf}
    Goto closed
  busy:
    Sleep 500
    IntOp $1 $1 + 1
    ${If} $1 < 60
      Goto free
    ${EndIf}
  closed:
FunctionEnd
!macroend
!insertmacro CloseRunningPaydesk ""
!insertmacro CloseRunningPaydesk "un."

Section "paydesk"
  SetOutPath "$INSTDIR"
  Call CloseRunningPaydesk
  File "${STAGING}/paydesk.exe"
  ; The console companion: typed at a prompt, `paydesk` runs this (.COM before .EXE), which
  ; waits for paydesk.exe and gives back its output and exit code.
  File "${STAGING}/paydesk.com"
  File "${STAGING}/README.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\paydesk.lnk" "$INSTDIR\paydesk.exe"
  WriteRegStr HKCU "Software\paydesk" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "paydesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "paydesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\paydesk.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ; The app id the notifications carry (alerts.rs): registered, a toast says "paydesk" with its
  ; icon instead of "Windows PowerShell".
  WriteRegStr HKCU "Software\Classes\AppUserModelId\${APP_ID}" "DisplayName" "paydesk"
  WriteRegStr HKCU "Software\Classes\AppUserModelId\${APP_ID}" "IconUri" "$INSTDIR\paydesk.exe"
SectionEnd

Section "Uninstall"
  Call un.CloseRunningPaydesk
  ; Keeping the books is the default, and the answer of a silent uninstall (/S).
  MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON1 "$(KeepBooks)" /SD IDYES IDYES keep
  ; paydesk itself knows its keyring entries (one per profile and kind) and its folders.
  nsExec::ExecToLog '"$INSTDIR\paydesk.exe" forget-this-computer --yes'
  Pop $0
  RMDir /r "${HOME}"
  Goto removed
  keep:
  DetailPrint "$(BooksKept)"
  removed:
  Delete "$SMPROGRAMS\paydesk.lnk"
  Delete "$INSTDIR\paydesk.exe"
  Delete "$INSTDIR\paydesk.com"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\paydesk"
  DeleteRegKey HKCU "Software\Classes\AppUserModelId\${APP_ID}"
SectionEnd
