; paydesk's Windows installer: per user (no administrator needed), a Start-menu entry, an
; uninstaller, pages in Spanish and English. packaging/build.sh passes VERSION, STAGING (the
; folder with paydesk.exe) and OUTFILE.
Unicode true
!include "MUI2.nsh"

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

!define MUI_ICON "${STAGING}/../../assets/icons/paydesk.ico"
!define MUI_UNICON "${STAGING}/../../assets/icons/paydesk.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\paydesk.exe"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the default; the installer offers the one matching Windows.
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Section "paydesk"
  SetOutPath "$INSTDIR"
  File "${STAGING}/paydesk.exe"
  File "${STAGING}/README.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\paydesk.lnk" "$INSTDIR\paydesk.exe"
  WriteRegStr HKCU "Software\paydesk" "InstallDir" "$INSTDIR"
  !define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\paydesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "paydesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "paydesk"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\paydesk.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\paydesk.lnk"
  Delete "$INSTDIR\paydesk.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\paydesk"
  DeleteRegKey HKCU "Software\paydesk"
SectionEnd
