import ArgumentParser
import Flipbook

// The command line's options are made from the settings table: each option's name and help line
// are its row's, so `--help` cannot say something `flipbook settings` does not.
extension Setting {
    /// The option's long name, the row's flag.
    var name: NameSpecification { .customLong(flag ?? key) }

    /// The option's help: the row's help line and default, with `valueName` shown after the flag.
    func argumentHelp(valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(helpLine, valueName: valueName)
    }
}
