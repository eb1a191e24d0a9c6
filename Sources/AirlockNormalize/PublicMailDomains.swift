/// E-mail domains that many unrelated people and companies share (webmail and large providers): two records with
/// an address there are not the same company for that reason, so a domain listed here is no evidence and no
/// blocking key (`MatchRecord`). Source: the providers' own domains; see docs/match.md ("E-mail").
public enum PublicMailDomains {
    /// Lower-case domains.
    public static let all: Set<String> = [
        "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "hotmail.co.uk", "hotmail.de", "hotmail.fr", "live.com",
        "live.co.uk", "live.nl", "msn.com", "yahoo.com", "yahoo.co.uk", "yahoo.de", "yahoo.fr", "ymail.com", "aol.com",
        "icloud.com", "me.com", "mac.com", "proton.me", "protonmail.com", "gmx.de", "gmx.net", "gmx.com", "web.de", "t-online.de",
        "freenet.de", "orange.fr", "free.fr", "laposte.net", "wanadoo.fr", "sfr.fr", "libero.it", "virgilio.it", "tiscali.it",
        "btinternet.com", "sky.com", "virginmedia.com", "ziggo.nl", "kpnmail.nl", "planet.nl", "telenet.be", "skynet.be",
        "bluewin.ch", "mail.com", "zoho.com", "yandex.ru", "mail.ru", "qq.com", "163.com", "126.com", "naver.com", "example.com",
    ]
}
